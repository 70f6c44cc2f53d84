import { constants } from "node:fs";
import { access, realpath } from "node:fs/promises";
import { delimiter, dirname, isAbsolute, join } from "node:path";

/** The folders a confined program sees as the host has them (`@org/openspec-confine`). */
const SYSTEM_FOLDERS = ["/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/"];

const found = new Map<string, Promise<{ path: string; folder: string | undefined } | undefined>>();

/**
 * The `git` a confined run starts: the first executable `git` on `PATH`
 * (absolute entries only, as the shell would take them), with its links
 * resolved, and the install folder to show read-only when it lies outside the
 * system folders every confined program sees (`/opt/git/bin/git` needs
 * `/opt/git` for its helpers). Undefined when there is none. Kept per `PATH`
 * value: a confined run needs the path itself, not the shell's search.
 */
export function gitInstallFolder(
  path: string | undefined,
): Promise<{ path: string; folder: string | undefined } | undefined> {
  const key = path ?? "";
  let answer = found.get(key);
  if (answer === undefined) {
    answer = lookUp(key);
    found.set(key, answer);
  }
  return answer;
}

async function lookUp(
  path: string,
): Promise<{ path: string; folder: string | undefined } | undefined> {
  for (const entry of path.split(delimiter)) {
    if (!isAbsolute(entry)) continue;
    const candidate = join(entry, "git");
    try {
      await access(candidate, constants.X_OK);
      const real = await realpath(candidate);
      const system = SYSTEM_FOLDERS.some((folder) => real.startsWith(folder));
      return { path: real, folder: system ? undefined : dirname(dirname(real)) };
    } catch {}
  }
  return undefined;
}
