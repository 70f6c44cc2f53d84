import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";
import { checkWritableInside, type Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/**
 * The first symlink below `folder` (in name order) that leads out of the
 * repository, which the CLI would read through. One lstat walk: symlinked
 * folders are checked where they point, not walked into, so a link loop
 * costs one check. A folder that cannot be listed is passed over: the CLI
 * cannot read it either.
 */
export function findLinkOutUnder(
  repository: Repository,
  folder: string,
  fix: (link: string) => string,
): ToolFailure | null {
  const links: string[] = [];
  // Walked by hand, not with `readdirSync(..., { recursive: true })`, which
  // gives up on the first folder it may not read and would hide the links after it.
  const folders = [folder];
  for (let current = folders.pop(); current !== undefined; current = folders.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isSymbolicLink()) links.push(path);
      else if (entry.isDirectory()) folders.push(path);
    }
  }
  links.sort();
  for (const path of links) {
    const escaping = checkWritableInside(repository, path, fix);
    if (escaping) return toolFailure(escaping.code, escaping.error, escaping.fix);
  }
  return null;
}
