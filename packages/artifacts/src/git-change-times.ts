import { lstatSync } from "node:fs";
import { createBoundedCache } from "./cache/bounded-cache.js";
import { yieldEvery } from "./cli-listing/yield-every.js";
import { runGit } from "./run-git.js";

/** `openspec/changes`, relative to the repository root, as git names it with `-C <root>`. */
const CHANGES = "openspec/changes";

/** Per repository and `HEAD` commit: each change folder and its last commit's time (ms). */
const committedTimes = createBoundedCache<Map<string, number>>(32);

/**
 * When each change folder last changed as git sees it: the committer time of
 * the newest commit touching the folder, or, where the working tree has edits
 * git reports (modified or untracked files), the newest modification time of
 * those files when it is later. Keys are folders relative to `root`
 * (`openspec/changes/<name>`, `openspec/changes/archive/<name>`); a folder git
 * knows nothing of is absent. Null when `root` is not in a git work tree with
 * a commit, or git cannot run: the caller falls back to file times.
 *
 * A fresh clone gives every file the clone's time, which is why commits come
 * first. Two git runs per call: `git log` over the whole changes folder, once
 * per `HEAD` commit (cached), parsed for every folder at once rather than one
 * run per change, and `git status`, each call, since edits need no commit.
 */
export async function gitChangeTimes(
  root: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<Map<string, number> | null> {
  const head = await runGit(root, ["rev-parse", "--show-prefix", "--verify", "HEAD"], env);
  if (!head.ok || head.exitCode !== 0) return null;
  const [prefix = "", commit = ""] = head.stdout.split("\n");
  const key = `${root}\0${commit}`;
  let committed = committedTimes.get(key);
  if (committed === undefined) {
    const log = await runGit(
      root,
      // Names as they are (no octal escapes of non-ASCII); a name git still quotes is left to file times.
      [
        "-c",
        "core.quotePath=false",
        "log",
        "--no-ext-diff",
        "--no-textconv",
        "--relative",
        "--no-renames",
        "--format=%x01%ct",
        "--name-only",
        "--",
        CHANGES,
      ],
      env,
    );
    if (!log.ok || log.exitCode !== 0) return null;
    committed = newestCommitPerFolder(log.stdout);
    committedTimes.set(key, committed);
  }
  const status = await runGit(
    root,
    [
      "status",
      "--porcelain=v1",
      "-z",
      "--untracked-files=all",
      "--ignore-submodules=all",
      "--no-renames",
      "--",
      CHANGES,
    ],
    env,
  );
  if (!status.ok || status.exitCode !== 0) return null;
  const times = new Map(committed);
  // One lstat per uncommitted file, as many as the repository holds: a turn every 256.
  const pause = yieldEvery(256);
  for (const entry of status.stdout.split("\0")) {
    await pause();
    // "XY <path>", the path relative to the top of the work tree.
    const path = entry.slice(3);
    if (!path.startsWith(prefix)) continue;
    const relative = path.slice(prefix.length);
    const folder = changeFolderOf(relative);
    if (folder === null) continue;
    let modified: number;
    try {
      modified = lstatSync(`${root}/${relative}`).mtimeMs;
    } catch {
      // Deleted since the last commit: the commit's time stands.
      continue;
    }
    times.set(folder, Math.max(times.get(folder) ?? -1, modified));
  }
  return times;
}

/** `git log --format=%x01%ct --name-only` output, newest commit first: each folder's first time. */
function newestCommitPerFolder(log: string): Map<string, number> {
  const times = new Map<string, number>();
  let time = -1;
  for (const line of log.split("\n")) {
    if (line.startsWith("\x01")) {
      time = Number(line.slice(1)) * 1000;
      continue;
    }
    const folder = changeFolderOf(line);
    if (folder !== null && !times.has(folder)) times.set(folder, time);
  }
  return times;
}

/** The change folder a path under `openspec/changes/` belongs to, or null for the folder's own files. */
function changeFolderOf(path: string): string | null {
  if (!path.startsWith(`${CHANGES}/`)) return null;
  const parts = path.split("/");
  const depth = parts[2] === "archive" ? 4 : 3;
  // A file directly in changes/ (or archive/) is no change's.
  if (parts.length <= depth) return null;
  return parts.slice(0, depth).join("/");
}
