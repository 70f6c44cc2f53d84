import { z } from "zod";

/** Why a store was not registered; each `detail` says what to do about it. */
export const STORE_SKIP_REASONS = [
  "already_registered",
  "path_missing",
  "not_a_directory",
  "invalid_path",
  "no_openspec_folder",
  "name_taken",
  "invalid_name",
  "unknown_store",
] as const;

export type StoreSkipReason = (typeof STORE_SKIP_REASONS)[number];

/**
 * The tool's output schema, built when a host first reads it (`defineTool`
 * keeps it): a server lists the tools without building it.
 */
export function sourceImportOutput() {
  const addedStore = z.strictObject({
    store: z.string().describe("The store's id, as `openspec store list` shows it."),
    name: z
      .string()
      .describe(
        "The source's vanity name: the store id, or `<id>-store` (then `<id>-store-2`, …) when another source already answers to the id.",
      ),
    path: z.string().describe("The store's folder."),
    token: z
      .string()
      .nullable()
      .describe("The new source's os_ token; null in a dry run, which registers nothing."),
  });

  const skippedStore = z.strictObject({
    store: z.string().describe("The store's id, or the id asked for that is no store."),
    path: z
      .string()
      .nullable()
      .describe("The store's folder as the CLI lists it; null for unknown_store."),
    reason: z
      .enum(STORE_SKIP_REASONS)
      .describe(
        "already_registered: a source holds this folder already; path_missing; not_a_directory; invalid_path: the CLI's store registry holds a relative path; no_openspec_folder: the folder has no openspec/; name_taken: the id and every suffixed name are taken; invalid_name: the id cannot be a source name; unknown_store: no store has the id asked for.",
      ),
    detail: z.string().describe("One sentence: what is wrong and what to do."),
    source: z
      .strictObject({ token: z.string(), display_name: z.string() })
      .nullable()
      .describe("For already_registered: the source that holds the folder; otherwise null."),
  });

  return z.strictObject({
    ok: z.literal(true),
    dry_run: z.boolean().describe("True when nothing was registered, only reported."),
    listed: z.number().int().describe("How many stores `openspec store list` reported."),
    added: z.array(addedStore).describe("The stores registered (or, in a dry run, to be)."),
    skipped: z.array(skippedStore).describe("The stores left as they are, with the reason."),
  });
}

export type SourceImportAnswer = z.output<ReturnType<typeof sourceImportOutput>>;
export type AddedStore = SourceImportAnswer["added"][number];
export type SkippedStore = SourceImportAnswer["skipped"][number];
