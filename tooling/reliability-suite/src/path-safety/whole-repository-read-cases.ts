import { ESCAPING_SCHEMA } from "../sandbox/make-path-traps.js";
import { type CaseRow, refusedAs } from "./path-case-parts.js";

/**
 * Reads of every item (validate all, list specs, through the typed tools and
 * the passthrough) of shop, whose specs leak-dir, leak-file and chained lead
 * out, and of linked, whose whole `openspec/specs` does; and status and
 * instructions for shop's project schema `stolen`, a symlink out. Each is
 * refused as `path_outside_repository` before the CLI is looked for (the path-safety
 * sandbox has none), so the refusal is the repository check, never a missing CLI.
 */
export function wholeRepositoryReadRows(): CaseRow[] {
  const outside = refusedAs("path_outside_repository");
  const reads: [string, string, Record<string, unknown>][] = [
    ["validation of every item", "openspec_validate", {}],
    ["validation of every spec", "openspec_validate", { scope: "specs" }],
    ["spec listing", "openspec_list", { kind: "specs" }],
    ["spec listing through the CLI", "openspec_list", { kind: "specs", engine: "cli" }],
    ["passthrough's validate --all", "openspec_cli", { args: ["validate", "--all"] }],
    ["passthrough's list --specs", "openspec_cli", { args: ["list", "--specs"] }],
    ["passthrough's spec list", "openspec_cli", { args: ["spec", "list"] }],
  ];
  return [
    ...reads.map(
      ([what, tool, args]): CaseRow => [
        `the ${what} of shop, whose specs lead out`,
        tool,
        { source: "shop", ...args },
        outside,
      ],
    ),
    ...reads.map(
      ([what, tool, args]): CaseRow => [
        `the ${what} of linked, whose openspec/specs leads out`,
        tool,
        { source: "linked", ...args },
        outside,
      ],
    ),
    [
      `the status of add-dark-mode against the schema ${ESCAPING_SCHEMA}, a symlink out`,
      "openspec_status",
      { source: "shop", change: "add-dark-mode", schema: ESCAPING_SCHEMA },
      outside,
    ],
    [
      `the proposal instructions of add-dark-mode from the schema ${ESCAPING_SCHEMA}`,
      "openspec_instructions",
      { source: "shop", artifact: "proposal", change: "add-dark-mode", schema: ESCAPING_SCHEMA },
      outside,
    ],
  ];
}
