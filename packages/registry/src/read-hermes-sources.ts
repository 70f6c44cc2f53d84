import type Database from "better-sqlite3";
import { type RegistryFailure, registryFailure } from "./registry-failure.js";
import { openSqlite, SqliteDriver } from "./sqlite-driver.js";

/** A row of the Python Hermes plugin's `openspec_sources` table. */
export interface HermesSourceRow {
  readonly token: string;
  /** `""` means the source has no vanity name. */
  readonly name: string;
  readonly path: string;
  readonly createdAtSeconds: number;
}

export type HermesSourcesResult =
  | { readonly ok: true; readonly rows: readonly HermesSourceRow[] }
  | RegistryFailure;

// SQLite does not enforce column types, so the casts pin down what each value can be.
const SELECT_SOURCES = `
  SELECT CAST(token AS TEXT) AS token, CAST(name AS TEXT) AS name,
         CAST(path AS TEXT) AS path, CAST(created_at AS REAL) AS createdAtSeconds
  FROM openspec_sources ORDER BY created_at, token`;

/** Reads the Hermes plugin's sources, opening its file read-only. Oldest first. */
export function readHermesSources(file: string): HermesSourcesResult {
  let hermes: Database.Database | undefined;
  try {
    hermes = openSqlite(file, { readonly: true, fileMustExist: true });
    return { ok: true, rows: hermes.prepare(SELECT_SOURCES).all().map(parseRow) };
  } catch (error) {
    if (!(error instanceof SqliteDriver.SqliteError)) throw error;
    return registryFailure(
      "hermes_db_unreadable",
      `The Hermes database ${file} cannot be read (${error.message}); pass the path of <HERMES_HOME>/openspec.db.`,
    );
  } finally {
    hermes?.close();
  }
}

function parseRow(row: unknown): HermesSourceRow {
  const fields = typeof row === "object" && row !== null ? new Map(Object.entries(row)) : new Map();
  const text = (key: string): string => {
    const value: unknown = fields.get(key);
    return typeof value === "string" ? value : "";
  };
  const seconds: unknown = fields.get("createdAtSeconds");
  return {
    token: text("token"),
    name: text("name"),
    path: text("path"),
    createdAtSeconds: typeof seconds === "number" ? seconds : Number.NaN,
  };
}
