import { readdirSync } from "node:fs";
import { join } from "node:path";
import { checkWritableInside, type Repository } from "@org/openspec-artifacts";

export type LinkOut = { code: "path_outside_repository"; error: string; fix?: string };

/**
 * The first symlink below `folder` (in name order) that leads out of the
 * repository, which the CLI would read through. One lstat walk: symlinked
 * folders are checked where they point, not walked into, so a link loop
 * costs one check. A folder that cannot be listed has nothing to read.
 */
export function findLinkOutUnder(
  repository: Repository,
  folder: string,
  fix: (link: string) => string,
): LinkOut | null {
  let links: string[];
  try {
    links = readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isSymbolicLink())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return null;
  }
  for (const path of links) {
    const escaping = checkWritableInside(repository, path, fix);
    if (escaping)
      return { code: "path_outside_repository", error: escaping.error, fix: escaping.fix };
  }
  return null;
}
