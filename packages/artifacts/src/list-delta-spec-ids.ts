import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isFile } from "./is-file.js";
import { isPlainFolder } from "./is-plain-folder.js";

/** How deep spec ids nest (`platform/session` is two); deeper folders are not walked. */
const MAX_DEPTH = 8;

/**
 * The spec ids a change has delta specs for: every folder under its `specs/`
 * holding a `spec.md`, as `ui` or `platform/session`, sorted. Symlinked
 * folders are not followed, as archive does not merge through them either.
 */
export function listDeltaSpecIds(changeDir: string): string[] {
  const ids: string[] = [];
  const walk = (dir: string, prefix: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const entry of entries) {
      const id = prefix === "" ? entry : `${prefix}/${entry}`;
      const path = join(dir, entry);
      if (!isPlainFolder(path)) continue;
      if (isFile(join(path, "spec.md"))) ids.push(id);
      walk(path, id, depth + 1);
    }
  };
  walk(join(changeDir, "specs"), "", 0);
  return ids;
}
