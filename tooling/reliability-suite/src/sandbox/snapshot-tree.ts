import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join, relative } from "node:path";

/** Every entry below a folder, by relative path: kind, size, mtime and content hash or link target. */
export type TreeSnapshot = ReadonlyMap<string, string>;

/** Records the tree below `root` without following symlinks, skipping the `excluded` subtrees. */
export function snapshotTree(root: string, excluded: readonly string[] = []): TreeSnapshot {
  const entries = new Map<string, string>();
  const visit = (path: string): void => {
    if (excluded.includes(path)) return;
    const stat = lstatSync(path);
    const key = relative(root, path) || ".";
    if (stat.isSymbolicLink()) {
      entries.set(key, `link -> ${readlinkSync(path)}`);
    } else if (stat.isDirectory()) {
      entries.set(key, `dir mtime=${stat.mtimeMs}`);
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else if (stat.isFile()) {
      const hash = createHash("sha256").update(readFileSync(path)).digest("hex");
      entries.set(key, `file size=${stat.size} mtime=${stat.mtimeMs} sha256=${hash}`);
    } else {
      entries.set(key, `other mode=${stat.mode}`);
    }
  };
  visit(root);
  return entries;
}

/** What was added, removed or changed between two snapshots, one line each; empty when nothing was. */
export function treeChanges(before: TreeSnapshot, after: TreeSnapshot): string[] {
  const changes: string[] = [];
  for (const [path, was] of before) {
    const now = after.get(path);
    if (now === undefined) changes.push(`removed ${path}`);
    else if (now !== was) changes.push(`changed ${path}: ${was} => ${now}`);
  }
  for (const path of after.keys()) if (!before.has(path)) changes.push(`added ${path}`);
  return changes;
}
