import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { defineTool, writingTool } from "../tool-definition.js";
import { renderSourceImport } from "./render-source-import.js";
import { sourceImportOutput } from "./source-import-output.js";

/** A store id as the CLI makes them: kebab-case. */
const storeId = builtOnFirstUse(() =>
  z
    .string()
    .min(1)
    .max(256)
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      "A store id is kebab-case: lowercase letters, digits, single hyphens.",
    ),
);

export const sourceImportTool = defineTool({
  name: "openspec_source_import",
  description: "Register this machine's OpenSpec stores as sources.",
  notes:
    "Register the OpenSpec stores of this machine (what `openspec store list` shows: shared spec repositories) as sources, so every host can address them by name. Each store gets its id as vanity name; when another source already answers to that id, it gets `<id>-store` (then `<id>-store-2`, …), and existing sources are never renamed or moved. A store whose folder a source already holds is skipped as already_registered, so calling it again adds nothing. Stores whose folder is missing, not a folder, not absolute or without openspec/ are skipped with the reason. `stores` limits it to some store ids; `dry_run: true` reports what would be added and writes nothing. Answers added [{store, name, path, token}] and skipped [{store, path, reason, detail, source}].",
  inputSchema: () =>
    z
      .object({
        stores: z
          .array(storeId())
          .min(1)
          .max(1000)
          .optional()
          .describe("Only these store ids (default all)."),
        dry_run: z.boolean().optional().describe("Report only; register nothing."),
      })
      .strict(),
  outputSchema: sourceImportOutput,
  requiresCli: true,
  annotations: { ...writingTool("Import OpenSpec stores as sources", false), idempotentHint: true },
  presentation: {
    command: ["sources", "import"],
    summary: "register this machine's OpenSpec stores (what the stores command lists) as sources",
    arguments: ["stores"],
    render: renderSourceImport,
  },
  async handler(input, context) {
    const { listOpenSpecStores } = await import("./list-openspec-stores.js");
    const { importOpenSpecStores } = await import("./import-openspec-stores.js");
    const listed = await listOpenSpecStores(context);
    if (!listed.ok) return listed;
    const registry = await context.registry();
    if (!registry.ok) return registry;
    const wanted = input.stores === undefined ? undefined : new Set(input.stores);
    const selected = wanted ? listed.stores.filter((store) => wanted.has(store.id)) : listed.stores;
    const imported = await importOpenSpecStores(
      registry.registry,
      selected,
      input.dry_run === true,
    );
    if (!imported.ok) return imported;
    const listedIds = new Set(listed.stores.map((store) => store.id));
    const unknown = [...(wanted ?? [])].filter((id) => !listedIds.has(id));
    const skipped = [
      ...imported.skipped,
      ...unknown.map((id) => ({
        store: id,
        path: null,
        reason: "unknown_store" as const,
        detail: `No OpenSpec store has the id ${id}; {openspec} store list shows the ones there are.`,
        source: null,
      })),
    ];
    // A detail names the CLI's store commands through {openspec}: said as the asking host's user runs them.
    const { wordText } = await import("../word-text.js");
    const worded = (detail: string) =>
      wordText(detail, "openspec_source_import", context.call.fixWording);
    return {
      ok: true,
      dry_run: input.dry_run === true,
      listed: listed.stores.length,
      added: imported.added,
      skipped: await Promise.all(
        skipped.map(async (entry) => ({
          ...entry,
          detail: await worded(entry.detail),
        })),
      ),
    };
  },
});
