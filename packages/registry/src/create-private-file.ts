import { closeSync, openSync } from "node:fs";

/**
 * Creates an empty file only this user may read and write (0600), unless it
 * exists already: SQLite makes a new registry file 0644 and gives its -wal and
 * -shm files the main file's mode, so a registry made by SQLite would let
 * every local user read each source's path and token name. An empty file is
 * an empty SQLite database. A file that exists keeps the mode its owner gave it.
 */
export function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
