import { join } from "node:path";
import { cachedFolderReader } from "./cache/cached-folder-reader.js";
import { containedRealPath } from "./contained-path.js";
import type { Repository } from "./open-repository.js";
import { compareNames } from "./scan-changes.js";

/** An idea: a Markdown file `openspec/ideas/<slug>.md`. */
export type IdeaFile = {
  slug: string;
  /** The file relative to the repository root, `openspec/ideas/<slug>.md`. */
  path: string;
  /** The absolute path of the file. */
  file: string;
};

/** What an idea's slug may be: kebab-case, as the writer makes it. */
export const IDEA_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The folder ideas live in: `openspec/ideas/`, kept in the repository so git shares them. */
export function ideasFolder(repository: Repository): string {
  return join(repository.openspecDir, "ideas");
}

/**
 * Every idea of a repository, sorted by slug: the regular `.md` files of
 * `openspec/ideas/` whose names are kebab-case slugs. Symlinks, folders and
 * other names are no ideas, and an ideas folder that leads out of the
 * repository lists nothing. An unchanged folder costs one stat.
 */
export function scanIdeas(repository: Repository): IdeaFile[] {
  const folder = ideasFolder(repository);
  if (containedRealPath(repository, folder) === null) return [];
  return ideasIn(folder);
}

/** Reads `openspec/ideas/` without holding the event loop, so `scanIdeas` then finds it read. */
export async function readIdeasAhead(repository: Repository): Promise<void> {
  const folder = ideasFolder(repository);
  if (containedRealPath(repository, folder) !== null) await ideasIn.readAhead(folder);
}

// The same array comes back while the folder is unchanged, so token tables key on it.
const ideasIn = cachedFolderReader(
  (folder, entries): IdeaFile[] =>
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
      .map((entry) => entry.name.slice(0, -".md".length))
      .filter((slug) => IDEA_SLUG.test(slug) && slug.length <= 128)
      .sort(compareNames)
      .map((slug) => ({ slug, path: `openspec/ideas/${slug}.md`, file: `${folder}/${slug}.md` })),
  10_000,
);
