import { join } from "node:path";
import { readFolderEntries } from "./cli-listing/read-folder-entries.js";
import { yieldEvery } from "./cli-listing/yield-every.js";
import { isFile } from "./is-file.js";
import { isPlainFolder } from "./is-plain-folder.js";

/** How deep spec ids nest (`platform/session` is two); deeper folders are not walked. */
const MAX_DEPTH = 8;

/** Entries looked at between two turns of the event loop: each costs two stats. */
const ENTRIES_PER_TURN = 256;

/**
 * The spec ids a change has delta specs for: every folder under its `specs/`
 * holding a `spec.md`, as `ui` or `platform/session`, sorted. Symlinked
 * folders are not followed, as archive does not merge through them either.
 * Folders are listed in batches with a turn of the event loop every few
 * hundred entries, so a change of thousands of delta specs never holds a
 * server's other callers.
 */
export async function listDeltaSpecIds(changeDir: string): Promise<string[]> {
  const ids: string[] = [];
  const pause = yieldEvery(ENTRIES_PER_TURN);
  const walk = async (dir: string, prefix: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH) return;
    let entries: string[];
    try {
      const read = await readFolderEntries(dir, Number.POSITIVE_INFINITY);
      entries = (read as { name: string }[]).map((entry) => entry.name).sort();
    } catch {
      return;
    }
    for (const entry of entries) {
      await pause();
      const id = prefix === "" ? entry : `${prefix}/${entry}`;
      const path = join(dir, entry);
      if (!isPlainFolder(path)) continue;
      if (isFile(join(path, "spec.md"))) ids.push(id);
      await walk(path, id, depth + 1);
    }
  };
  await walk(join(changeDir, "specs"), "", 0);
  return ids;
}
