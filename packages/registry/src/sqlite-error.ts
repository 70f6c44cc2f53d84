import type Database from "better-sqlite3";
import { loadedSqliteDriver } from "./sqlite-driver.js";

/**
 * How a SQLite error reads for a caller: the lock could not be had, the file
 * may not be written, or the file itself is the problem. Anything else (constraint, misuse, syntax) is a
 * bug in this package and stays an exception.
 */
export function classifySqliteError(error: unknown): "busy" | "read_only" | "unreadable" | "bug" {
  const code = findSqliteError(error)?.code;
  if (code === undefined) return "bug";
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code.startsWith("SQLITE_READONLY")) return "read_only";
  if (/^SQLITE_(CONSTRAINT|ERROR|MISUSE|RANGE|MISMATCH)/.test(code)) return "bug";
  return "unreadable";
}

/** The SQLite error in `error`, also when another error wraps it as its `cause`. */
export function findSqliteError(
  error: unknown,
): InstanceType<typeof Database.SqliteError> | undefined {
  // Before the driver is loaded, no SQLite error can exist.
  const SqliteError = loadedSqliteDriver()?.SqliteError;
  if (SqliteError === undefined) return undefined;
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof SqliteError) return current;
  }
  return undefined;
}
