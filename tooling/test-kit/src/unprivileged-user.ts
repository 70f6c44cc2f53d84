import { spawnSync } from "node:child_process";

/** The unprivileged user of most systems (`nobody`), which tests run as where root may read everything. */
export const NOBODY = 65534;

/**
 * Why the user `nobody` cannot run this checkout's code, or undefined when it can (or when this
 * process is not root, so tests never switch users). Tests that run a process as `nobody` to
 * check unreadable files or read-only registries need every folder above the checkout to be
 * traversable by other users; a clone under a private folder (root's `/root`, a 0700 home) is
 * not. Such tests skip with this reason, loudly, instead of failing on a missing module.
 */
export function whyNobodyCannotRun(path: string): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const check = spawnSync(
    process.execPath,
    [
      "-e",
      "require('node:fs').accessSync(process.argv[1], require('node:fs').constants.R_OK)",
      path,
    ],
    { uid: NOBODY, gid: NOBODY, encoding: "utf8", timeout: 60_000 },
  );
  if (check.status === 0) return undefined;
  const detail = (check.stderr || check.error?.message || "")
    .split("\n")
    .find((line) => /Error|EACCES/.test(line));
  return `the user nobody (uid ${NOBODY}) cannot read ${path}${detail ? ` (${detail.trim()})` : ""}: clone the repository under a folder every user may traverse (chmod o+x on each folder above it) to run these tests`;
}

/** Prints why a file's tests are skipped, so a skip never passes silently. */
export function warnSkipped(what: string, reason: string | undefined): void {
  if (reason) console.warn(`SKIPPED ${what}: ${reason}`);
}
