import { createHash } from "node:crypto";
import { parseDeltaSpec } from "../delta/parse-delta-spec.js";
import { parseDocument } from "../document/parse-document.js";
import { readTitle } from "../document/read-title.js";
import { codeFenceMask } from "../lines/code-fence-mask.js";
import { parseSpec } from "../spec/parse-spec.js";
import { requirementStatement } from "../spec/requirement-statement.js";
import { parseTasks } from "../tasks/parse-tasks.js";

/** Every parsing entry point, by the name a frozen-output failure reports. */
export const ENTRY_POINTS = {
  parseSpec,
  parseDeltaSpec,
  parseDocument,
  parseTasks,
  readTitle,
  codeFenceMask,
  requirementStatement,
} as const;

export type EntryPoint = keyof typeof ENTRY_POINTS;
export const ENTRY_POINT_NAMES = Object.keys(ENTRY_POINTS) as EntryPoint[];

/**
 * What one entry point makes of one document, as JSON: names, steps, descriptions, lines and
 * diagnostics included, not only what the CLI projection keeps.
 */
export function entryPointOutput(entryPoint: EntryPoint, markdown: string): string {
  return JSON.stringify(ENTRY_POINTS[entryPoint](markdown)) ?? "undefined";
}

/**
 * A short digest of each entry point's output, in `ENTRY_POINT_NAMES` order, joined with `-`:
 * small enough to record for every document on one line, and a failure can still say which
 * entry point changed.
 */
export function outputDigests(markdown: string): string {
  return ENTRY_POINT_NAMES.map((entryPoint) =>
    createHash("sha256").update(entryPointOutput(entryPoint, markdown)).digest("hex").slice(0, 8),
  ).join("-");
}
