import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const REPOSITORY = new URL("../../..", import.meta.url).pathname;

describe("the benchmarks on another Node line", () => {
  it("GIVEN --node=24 WHEN P7's smoke run starts THEN it runs on Node 24, where openspec-agent registers and reads a source with better-sqlite3 built for that line", () => {
    const run = spawnSync(
      process.execPath,
      [join(REPOSITORY, "scripts", "bench.mjs"), "--node=24", "--only=P7", "--smoke"],
      { cwd: REPOSITORY, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
    );
    // The bench registers its repository with `openspec-agent sources add`, which fails the run
    // when the registry cannot open.
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/— node v24\.\d+\.\d+, /);
    // A smoke run prints its table and writes no report.
    expect(run.stdout).toMatch(
      /│ 'P7' │ 'openspec-agent context <source> --json \/ node -e 0' │ '\d/,
    );
  });
});
