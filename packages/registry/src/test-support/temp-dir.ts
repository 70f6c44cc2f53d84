import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

/**
 * Returns a function that makes a fresh temporary directory, removed after
 * the current test. Call it at the top level of a test file.
 */
export function useTempDirs(): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), "openspec-registry-"));
    made.push(dir);
    return dir;
  };
}

/** Creates `relative` under `root` (with parents) and returns its absolute path. */
export function makeDir(root: string, relative: string): string {
  const path = join(root, relative);
  mkdirSync(path, { recursive: true });
  return path;
}
