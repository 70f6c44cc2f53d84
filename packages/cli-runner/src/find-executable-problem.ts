import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";

/**
 * Why a candidate path cannot be run, as the end of a sentence, or `undefined`
 * when it is an executable regular file. Symlinks are followed, so a link to
 * the real CLI counts as the CLI.
 */
export async function findExecutableProblem(path: string): Promise<string | undefined> {
  let isFile: boolean;
  try {
    const stats = await stat(path);
    if (stats.isDirectory()) return "is a directory";
    isFile = stats.isFile();
  } catch {
    return "does not exist";
  }
  if (!isFile) return "is not a regular file";
  try {
    await access(path, constants.X_OK);
    return undefined;
  } catch {
    return "is not executable";
  }
}
