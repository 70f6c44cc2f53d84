import { existsSync, realpathSync, renameSync, writeFileSync } from "node:fs";

/** Replaces a file's content in one step; a symlinked file (dotfile managers) keeps its link. */
export function writeFileAtomic(path: string, content: string): void {
  const target = existsSync(path) ? realpathSync(path) : path;
  const staging = `${target}.${process.pid}.tmp`;
  writeFileSync(staging, content);
  renameSync(staging, target);
}
