import type { SourceToImport } from "@org/openspec-core";
import type { HermesImportFailure } from "./import-hermes-sources.js";
import { readHermesDatabase } from "./read-hermes-database.js";

// SQLite does not enforce column types, so the casts pin down what each value can be.
const SELECT_SOURCES = `
  SELECT CAST(token AS TEXT) AS token, CAST(name AS TEXT) AS name,
         CAST(path AS TEXT) AS path, CAST(created_at AS REAL) AS createdAtSeconds
  FROM openspec_sources ORDER BY created_at, token`;

/**
 * The earlier Python Hermes plugin's sources (`openspec_sources(token, name,
 * path, created_at)` in `<HERMES_HOME>/openspec.db`), oldest first, as the
 * registry imports them: `""` is no vanity name, `created_at` is Unix
 * seconds. The file is opened read-only.
 */
export function readHermesSources(file: string): SourceToImport[] | HermesImportFailure {
  return readHermesDatabase(file, (hermes) =>
    hermes.prepare(SELECT_SOURCES).all().map(toSourceToImport),
  );
}

function toSourceToImport(row: unknown): SourceToImport {
  const fields = typeof row === "object" && row !== null ? new Map(Object.entries(row)) : new Map();
  const text = (key: string): string => {
    const value: unknown = fields.get(key);
    return typeof value === "string" ? value : "";
  };
  const seconds: unknown = fields.get("createdAtSeconds");
  const name = text("name");
  return {
    token: text("token"),
    name: name === "" ? null : name,
    path: text("path"),
    createdAt: typeof seconds === "number" ? Math.round(seconds * 1000) : Number.NaN,
  };
}
