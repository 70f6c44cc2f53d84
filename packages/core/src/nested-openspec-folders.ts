import { opendir } from "node:fs/promises";
import { join } from "node:path";

/** How deep below a folder the search looks: `services/api/openspec` is two levels down. */
const MAX_DEPTH = 3;
/** The most folder entries read in all, so a huge tree costs a bounded, asynchronous read. */
const MAX_ENTRIES = 5_000;
/** The most folders named. */
const MAX_FOUND = 3;
/** Folders that hold dependencies or build output, never a project's own OpenSpec folder. */
const SKIPPED = new Set(["node_modules", "vendor", "dist", "build", "target"]);

/**
 * The folders below `root` (relative, `/`-separated, breadth first) that
 * hold an `openspec/` folder, for a repository that has none at its root:
 * a monorepo keeps it beside one service (`backend/openspec`), and its root
 * registered as a source would otherwise only be told to run `openspec init`,
 * making a second one. Dot folders, dependency folders and links are not
 * entered; at most three levels, 5,000 entries and three folders.
 */
export async function nestedOpenSpecFolders(root: string): Promise<string[]> {
  const found: string[] = [];
  let read = 0;
  let level = [""];
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const relative of level) {
      let folder: Awaited<ReturnType<typeof opendir>>;
      try {
        folder = await opendir(join(root, relative), { bufferSize: 256 });
      } catch {
        continue;
      }
      for await (const entry of folder) {
        if (++read > MAX_ENTRIES) return found;
        if (!entry.isDirectory() || entry.name.startsWith(".") || SKIPPED.has(entry.name)) continue;
        if (entry.name === "openspec" && depth > 0) {
          found.push(relative);
          if (found.length === MAX_FOUND) return found;
        } else if (entry.name !== "openspec") {
          next.push(relative === "" ? entry.name : `${relative}/${entry.name}`);
        }
      }
    }
    level = next;
  }
  return found;
}
