import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Writes an executable `#!/bin/sh` script named `name` into `dir` and returns its path. */
export function writeFakeBin(dir: string, name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}
