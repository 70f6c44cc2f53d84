import { type CaseRow, contained, HOSTILE_SPEC_NAMES, refusedAs } from "./path-case-parts.js";

/**
 * `openspec_source_import` takes no path, only store ids: every hostile name
 * is refused by the input schema (a store id is kebab-case) before the CLI
 * is looked for. The path-safety sandbox has no CLI, so a whole import answers
 * `openspec_not_found` and writes nothing; hostile-store-registry.test.ts runs the real CLI on a
 * hand-edited store registry.
 */
export function sourceImportRows(): CaseRow[] {
  return [
    ...HOSTILE_SPEC_NAMES.map(
      (name): CaseRow => [
        `the store id ${JSON.stringify(name)}`,
        "openspec_source_import",
        { stores: [name] },
        refusedAs("invalid_input"),
      ],
    ),
    [
      "every OpenSpec store of the home, as a dry run",
      "openspec_source_import",
      { dry_run: true },
      contained,
    ],
    ["every OpenSpec store of the home", "openspec_source_import", {}, contained],
  ];
}
