import {
  type KnownSource,
  MAX_PAGE_LIMIT,
  resolveContext,
  type SourceResolver,
} from "@org/openspec-artifacts";
import { z } from "zod";
import { sourceFailure } from "../resolve-repository.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { type ToolFailureCode, toolFailure } from "../tool-result.js";

export const contextTool = defineTool({
  name: "openspec_context",
  description:
    "Resolve an OpenSpec identifier of a registered repository. `<source>` returns the repository path, a workdir hint, its active and archived changes and its specs, each with an os_ token (six hex digits, more only where two artifacts of the repository share them). A token alone, without `<source>/`, is looked up in every registered source. `<source>/<token>` (or `<source>/<change-name>`, `<source>/archive/<change-name>`, `<source>/<spec-id>`) returns that change's proposal, tasks, design and delta specs, or that spec's full content. Lists are paged: use limit, offset and query on large repositories. Reads the registry and files only; works without the OpenSpec CLI.",
  inputSchema: z
    .object({
      identifier: z
        .string()
        .min(1)
        .max(1024)
        .describe(
          "`<source>`, `<source>/<os_token>`, `<source>/<change-name>`, `<source>/archive/<change-name>`, `<source>/<spec-id>`, or an artifact's `<os_token>` alone.",
        ),
      limit: z
        .number()
        .int()
        .min(1)
        .max(MAX_PAGE_LIMIT)
        .optional()
        .describe("Entries per list in a bare source answer (default 100)."),
      offset: z.number().int().min(0).optional().describe("Skip this many entries of each list."),
      query: z
        .string()
        .max(256)
        .optional()
        .describe("Keep only entries whose name or path contains this text."),
    })
    .strict(),
  requiresCli: false,
  annotations: readOnlyTool("Resolve OpenSpec context"),
  async handler(input, context) {
    const registry = context.registry();
    if (!registry.ok) return registry;
    const resolveSource: SourceResolver<ToolFailureCode> = (name) => {
      const resolved = registry.registry.resolve(name);
      if (!resolved.ok) return sourceFailure(resolved);
      return { ok: true, name: resolved.source.displayName, path: resolved.source.path };
    };
    // Only a bare token that names no source needs them, so they are read then.
    const everySource = (): KnownSource[] => {
      const listed = registry.registry.list();
      if (!listed.ok) return [];
      return listed.sources.map((source) => ({
        name: source.displayName,
        path: source.path,
        token: source.token,
      }));
    };
    const result = resolveContext(
      input.identifier,
      resolveSource,
      {
        ...(input.limit === undefined ? {} : { limit: input.limit }),
        ...(input.offset === undefined ? {} : { offset: input.offset }),
        ...(input.query === undefined ? {} : { query: input.query }),
      },
      { everySource, maxArtifactBytes: context.maxArtifactBytes },
    );
    if (!result.ok) return toolFailure(result.code, result.error, result.fix, extrasOf(result));
    return result;
  },
});

/** The candidates of an ambiguous identifier, and the path of a file that could not be read. */
function extrasOf(result: object): Record<string, unknown> {
  return {
    ...("candidates" in result && Array.isArray(result.candidates)
      ? { candidates: result.candidates }
      : {}),
    ...("path" in result && typeof result.path === "string" ? { path: result.path } : {}),
  };
}
