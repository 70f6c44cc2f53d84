import { existsSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { AsyncRegistry, Source, SourceResult } from "@org/openspec-registry";
import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import type { CatalogContext } from "../catalog-context.js";
import { sourceViewSchema } from "../output-fields.js";
import { sourceFailure } from "../source-failure.js";
import { defineTool, readOnlyTool, writingTool } from "../tool-definition.js";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/** A registered source as the tools return it. */
export type SourceView = z.output<ReturnType<typeof sourceViewSchema>>;

const oneSource = builtOnFirstUse(() =>
  z.strictObject({ ok: z.literal(true), source: sourceViewSchema() }),
);

const addedSource = builtOnFirstUse(() =>
  z.strictObject({
    ok: z.literal(true),
    source: sourceViewSchema(),
    note: z
      .string()
      .optional()
      .describe("Where the OpenSpec project is, when it sits below the folder."),
  }),
);

function describeSource(source: SourceView): string {
  return `${source.display_name} ${source.token} ${source.path}${source.has_openspec ? "" : " (no openspec/ folder yet)"}`;
}

const sourceField = builtOnFirstUse(() =>
  z.string().min(1).max(256).describe("Name, folder or os_ token."),
);
const pathField = builtOnFirstUse(() =>
  z.string().min(1).max(4096).describe("Absolute or ~/ path."),
);
const nameField = builtOnFirstUse(() => z.string().max(64).describe("No slashes."));

export const sourceAddTool = defineTool({
  name: "openspec_source_add",
  description: "Register a repository folder as a source every tool can name.",
  notes:
    "Register a repository folder as an OpenSpec source, shared by every host on this machine. It gets a stable os_ token and is addressed by its vanity name or, without one, by its folder's basename. The folder must exist; its openspec/ folder may come later.",
  inputSchema: () => z.object({ path: pathField(), name: nameField().optional() }).strict(),
  outputSchema: () => addedSource(),
  requiresCli: false,
  annotations: writingTool("Register an OpenSpec source", false),
  presentation: {
    command: ["sources", "add"],
    summary: "register a repository folder",
    arguments: ["path"],
    shortFlags: { name: "n" },
    paths: ["path"],
    render: ({ source, note }) => [
      { kind: "text", text: describeSource(source) },
      ...(note === undefined ? [] : [{ kind: "text" as const, text: note, tone: "dim" as const }]),
    ],
  },
  async handler(input, context) {
    const relative = refuseRelative(input.path);
    if (relative) return relative;
    const added = await withRegistry(context, (registry) =>
      registry.add({ path: input.path, name: input.name ?? null }),
    );
    if (!added.ok || added.source.has_openspec) return added;
    // A monorepo's root registered: say where its OpenSpec project is now, not at the first call.
    const { nestedOpenSpecHint } = await import("./nested-openspec-hint.js");
    const note = await nestedOpenSpecHint(added.source.path);
    return note === undefined ? added : { ...added, note };
  },
});

export const sourceListTool = defineTool({
  name: "openspec_source_list",
  description: "List the registered sources.",
  notes:
    "List the registered OpenSpec sources, oldest first, with token, vanity name, display name, path and whether the folder holds openspec/.",
  inputSchema: () => z.object({}).strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      sources: z.array(sourceViewSchema()),
      total: z.number().int(),
    }),
  requiresCli: false,
  annotations: readOnlyTool("List OpenSpec sources"),
  presentation: {
    command: ["sources", "list"],
    summary: "every registered source, oldest first",
    render: ({ sources }) => [
      {
        kind: "table",
        columns: ["NAME", "TOKEN", "OPENSPEC", "PATH"],
        rows: sources.map((source) => [
          source.display_name,
          source.token,
          source.has_openspec ? "yes" : "no",
          source.path,
        ]),
        empty: "(no sources registered; add one with: openspec-agent sources add <path>)",
      },
    ],
  },
  async handler(_input, context) {
    const registry = await context.registry();
    if (!registry.ok) return registry;
    const listed = await registry.registry.list();
    if (!listed.ok) return sourceFailure(listed);
    return { ok: true, sources: listed.sources.map(viewOf), total: listed.sources.length };
  },
});

export const sourceUpdateTool = defineTool({
  name: "openspec_source_update",
  description: "Rename a registered source or point it at a new folder.",
  notes:
    "Rename a registered source or point it at a new folder. Its token and creation time stay. An empty name clears the vanity name so the folder basename is used.",
  inputSchema: () =>
    z
      .object({
        source: sourceField(),
        name: nameField().nullable().optional(),
        path: pathField().optional(),
      })
      .strict(),
  outputSchema: () => oneSource(),
  requiresCli: false,
  annotations: writingTool("Update an OpenSpec source", false),
  presentation: {
    command: ["sources", "update"],
    summary: "rename a source or move it to another folder; its token stays",
    arguments: ["source"],
    shortFlags: { name: "n", path: "p" },
    paths: ["path"],
    render: ({ source }) => [{ kind: "text", text: describeSource(source) }],
  },
  async handler(input, context) {
    if (input.name === undefined && input.path === undefined) {
      return toolFailure(
        "invalid_input",
        "Nothing to update.",
        "Pass {field:name}, {field:path} or both.",
      );
    }
    const relative = input.path === undefined ? null : refuseRelative(input.path);
    if (relative) return relative;
    return withRegistry(context, (registry) =>
      registry.update(input.source, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.path === undefined ? {} : { path: input.path }),
      }),
    );
  },
});

export const sourceRemoveTool = defineTool({
  name: "openspec_source_remove",
  description: "Forget a registered source; its folder is not touched.",
  notes:
    "Forget a registered source. Only the registry entry is removed; the repository folder is not touched.",
  inputSchema: () => z.object({ source: sourceField() }).strict(),
  outputSchema: () => oneSource(),
  requiresCli: false,
  annotations: writingTool("Remove an OpenSpec source", true),
  presentation: {
    command: ["sources", "remove"],
    summary: "forget a source; its folder is not touched",
    arguments: ["source"],
    render: ({ source }) => [
      {
        kind: "text",
        text: `removed ${source.display_name} (${source.token}); ${source.path} was not touched`,
      },
    ],
  },
  async handler(input, context) {
    return withRegistry(context, (registry) => registry.remove(input.source));
  },
});

/**
 * Runs one registry write and shapes its answer as a tool result. Writes wait
 * for another process's lock without blocking, so the host keeps answering
 * other calls meanwhile.
 */
async function withRegistry(
  context: CatalogContext,
  operation: (registry: AsyncRegistry) => Promise<SourceResult>,
): Promise<z.output<ReturnType<typeof oneSource>> | ToolFailure> {
  const registry = await context.registry();
  if (!registry.ok) return registry;
  const result = await operation(registry.registry);
  if (!result.ok) return sourceFailure(result);
  return { ok: true, source: viewOf(result.source) };
}

function refuseRelative(path: string): ToolFailure | null {
  if (isAbsolute(path) || path === "~" || path.startsWith("~/")) return null;
  return toolFailure(
    "invalid_path",
    `The path "${path}" is relative, and a tool host has no meaningful current folder.`,
    "Pass an absolute path or one that starts with ~/.",
  );
}

export function viewOf(source: Source): SourceView {
  return {
    token: source.token,
    name: source.name,
    display_name: source.displayName,
    path: source.path,
    has_openspec: existsSync(join(source.path, "openspec")),
    created_at: source.createdAt,
    updated_at: source.updatedAt,
  };
}
