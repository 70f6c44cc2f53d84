import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The yardstick of native-list-floor at 10,000 changes: the least `openspec list --json` must
 * do, done directly. Lists the change folders, walks each one for its
 * newest file time (a `readdir` per folder, an `lstat` per file), and counts
 * the checkboxes of its `tasks.md`. Returns how many changes and tasks it saw.
 */
export function listFloor(root) {
  const changesDir = join(root, "openspec", "changes");
  let changes = 0;
  let tasks = 0;
  const newest = (folder) => {
    let time = -1;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      time = Math.max(time, entry.isDirectory() ? newest(path) : lstatSync(path).mtime.getTime());
    }
    return time;
  };
  for (const entry of readdirSync(changesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === "archive") continue;
    const folder = join(changesDir, entry.name);
    newest(folder);
    changes += 1;
    try {
      tasks +=
        readFileSync(join(folder, "tasks.md"), "utf8").match(/^\s*[-*+] \[.\]/gm)?.length ?? 0;
    } catch {
      // No tasks.md: no tasks.
    }
  }
  return { changes, tasks };
}
