import type { Dirent } from "node:fs";
import { join } from "node:path";
import {
  checkWritableInside,
  type Repository,
  readFolderEntries,
  yieldEvery,
} from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/**
 * The first symlink below `folder` (in name order) that leads out of the
 * repository, which the CLI would read through. One lstat walk: symlinked
 * folders are checked where they point, not walked into, so a link loop
 * costs one check. A folder that cannot be listed is passed over: the CLI
 * cannot read it either. Folders are read in batches and the event loop gets
 * a turn every 256 entries, so a change of 300,000 files costs its caller
 * time, never the server's other callers.
 */
export async function findLinkOutUnder(
  repository: Repository,
  folder: string,
  fix: (link: string) => string,
): Promise<ToolFailure | null> {
  const links: string[] = [];
  const pause = yieldEvery(256);
  // Walked by hand, not with `readdirSync(..., { recursive: true })`, which
  // gives up on the first folder it may not read and would hide the links after it.
  const folders = [folder];
  for (let current = folders.pop(); current !== undefined; current = folders.pop()) {
    let entries: Dirent[] | "too_many";
    try {
      entries = await readFolderEntries(current, Number.POSITIVE_INFINITY);
    } catch {
      continue;
    }
    if (entries === "too_many") continue;
    for (const entry of entries) {
      await pause();
      const path = join(current, entry.name);
      if (entry.isSymbolicLink()) links.push(path);
      else if (entry.isDirectory()) folders.push(path);
    }
  }
  links.sort();
  for (const path of links) {
    await pause();
    const escaping = checkWritableInside(repository, path, fix);
    if (escaping) return toolFailure(escaping.code, escaping.error, escaping.fix);
  }
  return null;
}
