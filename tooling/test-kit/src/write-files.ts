import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { temporaryFolder } from "./temporary-folder.js";

/** Writes files (path relative to `root` → content), creating folders as needed. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** An executable `openspec` shell script that stands in for the CLI where the real one cannot (hang, flood). */
export function fakeOpenSpecBinary(body: string): string {
  const path = join(temporaryFolder("fake-bin-"), "openspec");
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}
