import type { SourceToImport } from "@org/openspec-core";
import Database from "better-sqlite3";
import type { HermesImportFailure } from "./import-hermes-sources.js";

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
  let hermes: Database.Database | undefined;
  try {
    hermes = new Database(file, { readonly: true, fileMustExist: true });
    return hermes.prepare(SELECT_SOURCES).all().map(toSourceToImport);
  } catch (error) {
    if (!(error instanceof Database.SqliteError)) throw error;
    return {
      ok: false,
      code: "hermes_db_unreadable",
      error: `The Hermes database ${file} cannot be read (${error.message}).`,
      fix: "Pass the path of <HERMES_HOME>/openspec.db, the earlier Python Hermes plugin's database.",
    };
  } finally {
    hermes?.close();
  }
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
