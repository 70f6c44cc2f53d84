import { closeSync, openSync, readSync } from "node:fs";
import { join } from "node:path";

const SQLITE_HEADER = "SQLite format 3\0";

/** The older Python OpenSpec plugin's source registry, `<HERMES_HOME>/openspec.db`, if it exists. */
export function findLegacyDatabase(hermesHome: string): string | null {
  const path = join(hermesHome, "openspec.db");
  try {
    const descriptor = openSync(path, "r");
    try {
      const header = Buffer.alloc(SQLITE_HEADER.length);
      readSync(descriptor, header, 0, header.length, 0);
      return header.toString("latin1") === SQLITE_HEADER ? path : null;
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return null;
  }
}

/** The sentence that offers the import of a legacy registry. */
export function legacyImportFix(path: string): string {
  return `Import the sources the older OpenSpec plugin registered: openspec-agent sources import --hermes-db ${path}`;
}
