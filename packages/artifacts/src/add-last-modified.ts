import { join } from "node:path";
import { changeLastModified } from "./change-last-modified.js";
import type { RepositoryOverview } from "./describe-repository.js";

const ARCHIVE_DATE = /^(\d{4})-(\d{2})-(\d{2})-/;

type Listed = { name: string };

/**
 * An overview whose listed changes also say when they last changed
 * (`last_modified`), for a board that dates its cards. It costs a walk of
 * each listed folder and, in a git work tree, two git runs, so an overview
 * has it only when asked for.
 *
 * - An archived change: the date its archive folder's name starts with
 *   (`YYYY-MM-DD`), the day it was archived.
 * - In a git work tree with a commit: the last commit that touched the
 *   folder, or the newest file time of its uncommitted edits when later (see
 *   `gitChangeTimes`); a fresh clone's file times are the clone's.
 * - Otherwise, and for a folder git knows nothing of: the newest file time in
 *   the folder, as `openspec list` reports it (`changeLastModified`).
 */
export async function addLastModified<
  T extends Pick<RepositoryOverview, "changes" | "archived_changes">,
>(root: string, overview: T, env?: Readonly<Record<string, string | undefined>>): Promise<T> {
  const changes = join(root, "openspec", "changes");
  const undated = overview.archived_changes.some((change) => archivedOn(change.name) === null);
  // Loaded here: a context lookup that asks for no dates does not load git's runner.
  const git =
    overview.changes.length > 0 || undated
      ? await (await import("./git-change-times.js")).gitChangeTimes(root, env)
      : null;
  const timeOf = (name: string, archived: boolean): string | null => {
    const relative = `openspec/changes/${archived ? "archive/" : ""}${name}`;
    const committed = git?.get(relative);
    if (committed !== undefined && committed >= 0) return new Date(committed).toISOString();
    return changeLastModified({ dir: join(changes, archived ? "archive" : "", name) });
  };
  const dated = <C extends Listed>(list: readonly C[], archived: boolean) =>
    list.map((change) => ({
      ...change,
      last_modified: (archived ? archivedOn(change.name) : null) ?? timeOf(change.name, archived),
    }));
  return {
    ...overview,
    changes: dated(overview.changes, false),
    archived_changes: dated(overview.archived_changes, true),
  };
}

/** The day an archived change was archived, from its folder's `YYYY-MM-DD-` prefix; null without a real date. */
function archivedOn(name: string): string | null {
  const date = ARCHIVE_DATE.exec(name);
  if (date === null) return null;
  const day = `${date[1]}-${date[2]}-${date[3]}`;
  const parsed = new Date(`${day}T00:00:00.000Z`);
  // 2026-13-45 is no day: such a folder is dated like any other.
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : null;
}
