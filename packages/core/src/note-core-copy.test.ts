import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { TWO_CORES_WARNING } from "./note-core-copy.js";

/** The built startup entry, which every way into core loads. */
const STARTUP = pathToFileURL(join(import.meta.dirname, "..", "dist", "startup.js")).href;

/** Runs a fresh Node process that imports each of `urls` in turn; answers its stderr. */
function importInOneProcess(urls: readonly string[]): string {
  const script = `for (const url of ${JSON.stringify(urls)}) await import(url);`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stderr;
}

describe("one copy of core per process", () => {
  it("GIVEN a process that loads core once, through its entry and its startup entry WHEN it runs THEN nothing is said", () => {
    const index = pathToFileURL(join(import.meta.dirname, "..", "dist", "index.js")).href;
    expect(importInOneProcess([STARTUP, index])).not.toContain(TWO_CORES_WARNING);
  });

  it("GIVEN a process that loads a second copy of core (another module instance of its startup entry) WHEN it loads THEN a warning names both copies, once", () => {
    const stderr = importInOneProcess([STARTUP, `${STARTUP}?copy=2`, `${STARTUP}?copy=3`]);
    expect(stderr.split(TWO_CORES_WARNING)).toHaveLength(2);
    expect(stderr).toContain(`${STARTUP} and ${STARTUP}?copy=2`);
  });
});
