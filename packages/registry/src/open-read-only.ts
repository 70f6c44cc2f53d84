import { readFileSync, statSync } from "node:fs";
import type Database from "better-sqlite3";
import { openSqlite } from "./sqlite-driver.js";
import { findSqliteError } from "./sqlite-error.js";

/**
 * Opens a registry this user may only read. SQLite reads a WAL-mode file
 * read-only only when its -wal and -shm files exist or can be created; in a
 * folder this user cannot write, after the last writer closed (which removes
 * them), it cannot. Then the committed content is all in the main file, so a
 * copy of it in memory is an exact snapshot; its header is switched to
 * rollback mode, which an in-memory database needs.
 */
export function openReadOnly(file: string, busyTimeoutMs: number): Database.Database {
  const sqlite = openSqlite(file, {
    readonly: true,
    fileMustExist: true,
    timeout: busyTimeoutMs,
  });
  try {
    sqlite.prepare("SELECT count(*) FROM sqlite_master").get();
    return sqlite;
  } catch (error) {
    sqlite.close();
    const code = findSqliteError(error)?.code ?? "";
    if (!code.startsWith("SQLITE_READONLY") && !code.startsWith("SQLITE_CANTOPEN")) throw error;
    // Committed pages still in a log would be missing from a copy of the main file.
    if ((statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0) throw error;
  }
  const image = readFileSync(file);
  // Bytes 18 and 19 of the header: file format write and read versions, 2 for WAL.
  if (image.length >= 20 && image[18] === 2 && image[19] === 2) {
    image[18] = 1;
    image[19] = 1;
  }
  return openSqlite(image, { readonly: true });
}
