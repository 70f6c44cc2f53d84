import type { SequenceToImport as HermesSequenceRow } from "@org/openspec-core";
import type { HermesImportFailure } from "./import-hermes-sources.js";
import { readHermesDatabase } from "./read-hermes-database.js";

export type HermesSequencesResult =
  | { readonly ok: true; readonly rows: readonly HermesSequenceRow[] }
  | HermesImportFailure;

/**
 * Reads the order and dependencies the Python Hermes plugin kept for changes
 * (its `change_sequence` table), opening its file read-only, so an import can
 * carry them into the repositories. A database without the table (an older
 * plugin) has none; older tables without `group_id` or `depends_on` read as
 * the default group without dependencies, as the plugin read them.
 */
export function readHermesSequences(file: string): HermesSequencesResult {
  return readHermesDatabase(file, (hermes) => {
    const columns = new Set(
      hermes
        .prepare("SELECT name FROM pragma_table_info('change_sequence')")
        .all()
        .map((row) => String((row as { name: unknown }).name)),
    );
    if (!columns.has("change_name")) return { ok: true as const, rows: [] };
    const group = columns.has("group_id") ? "CAST(group_id AS TEXT)" : "'default'";
    const dependsOn = columns.has("depends_on") ? "CAST(depends_on AS TEXT)" : "'[]'";
    const rows = hermes
      .prepare(
        `SELECT CAST(source_id AS TEXT) AS sourceToken, CAST(change_name AS TEXT) AS change,
                ${group} AS grp, CAST(position AS INTEGER) AS position, ${dependsOn} AS dependsOn
         FROM change_sequence ORDER BY source_id, grp, position, change_name`,
      )
      .all();
    return { ok: true as const, rows: rows.map(parseRow) };
  });
}

function parseRow(row: unknown): HermesSequenceRow {
  const fields = typeof row === "object" && row !== null ? new Map(Object.entries(row)) : new Map();
  const text = (key: string): string => {
    const value: unknown = fields.get(key);
    return typeof value === "string" ? value : "";
  };
  const position: unknown = fields.get("position");
  return {
    sourceToken: text("sourceToken"),
    change: text("change"),
    group: text("grp") || "default",
    position: typeof position === "number" ? position : Number(position ?? 0),
    dependsOn: namesOf(text("dependsOn")),
  };
}

/** The plugin's JSON list of names; anything else reads as none. */
function namesOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((name) => typeof name === "string") : [];
  } catch {
    return [];
  }
}
