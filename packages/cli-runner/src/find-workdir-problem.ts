import { stat } from "node:fs/promises";
import { isAbsolute } from "node:path";

/**
 * Why `workdir` cannot be used as the CLI's working directory, or `undefined`
 * when it is an existing absolute directory. Relative paths are refused because
 * they would silently resolve against the host process's own cwd.
 */
export async function findWorkdirProblem(workdir: string): Promise<string | undefined> {
  if (workdir === "") return "The workdir is empty; pass the absolute path of a directory.";
  if (!isAbsolute(workdir)) {
    return `The workdir ${workdir} is relative; pass an absolute path.`;
  }
  try {
    const stats = await stat(workdir);
    return stats.isDirectory() ? undefined : `The workdir ${workdir} is not a directory.`;
  } catch {
    return `The workdir ${workdir} does not exist.`;
  }
}
