import Database from "better-sqlite3";
import type { HermesImportFailure } from "./import-hermes-sources.js";

/**
 * Opens the earlier Python Hermes plugin's database read-only, hands it to
 * `read` and closes it again. A file SQLite cannot read (missing, not a
 * database, locked past its timeout) is `hermes_db_unreadable`, one failure
 * for every table the import reads.
 */
export function readHermesDatabase<T>(
  file: string,
  read: (hermes: Database.Database) => T,
): T | HermesImportFailure {
  let hermes: Database.Database | undefined;
  try {
    hermes = new Database(file, { readonly: true, fileMustExist: true });
    return read(hermes);
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
