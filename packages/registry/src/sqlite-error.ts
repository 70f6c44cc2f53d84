import type Database from "better-sqlite3";
import { sqliteDriver } from "./sqlite-driver.js";

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
  if (!(error instanceof Error)) return undefined;
  // Taken from better-sqlite3 itself (loaded once per process, and by now), not from this
  // module's own state: a second instance of this module (a test runner's) sees the same class.
  const { SqliteError } = sqliteDriver();
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current instanceof SqliteError) return current;
  }
  return undefined;
}
