import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

/** The distribution's own copy first: a PATH entry cannot stand in for it. */
const SYSTEM_BWRAP = "/usr/bin/bwrap";

/** The bwrap executable to use: `/usr/bin/bwrap`, else the first in `PATH` (absolute entries only), else undefined. */
export function findBwrap(path: string | undefined): string | undefined {
  const folders = (path ?? "").split(delimiter).filter((folder) => isAbsolute(folder));
  for (const candidate of [SYSTEM_BWRAP, ...folders.map((folder) => join(folder, "bwrap"))]) {
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
