import { lstatSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A folder of this user's under the system's temporary folder, named `<name>-<uid>`, that every
 * test process of every run shares; or, when that name is taken by a folder that is not this
 * user's own and private, a fresh one from mkdtemp. What is kept in it gets run or copied into
 * tests, so never from a folder someone else could have prepared.
 */
export function privateUserFolder(name: string): string {
  const uid = process.getuid?.();
  const folder = join(tmpdir(), `${name}-${uid ?? "user"}`);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const found = lstatSync(folder);
  const ours =
    found.isDirectory() && (uid === undefined || found.uid === uid) && (found.mode & 0o077) === 0;
  return ours ? folder : mkdtempSync(join(tmpdir(), `${name}-`));
}
