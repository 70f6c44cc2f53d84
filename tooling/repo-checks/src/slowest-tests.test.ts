import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { REPOSITORY } from "./repository.js";

afterEach(removeTemporaryFolders);

/** A test file's entry in a vitest JSON report, `tests` tests from `start` to `end` (ms). */
const file = (dir: string, name: string, start: number, end: number, tests: number) => ({
  name: join(dir, name),
  startTime: start,
  endTime: end,
  assertionResults: Array.from({ length: tests }, () => ({ status: "passed" })),
});

describe("scripts/slowest-tests.mjs", () => {
  it("GIVEN the reports and task durations of a whole run WHEN asked for the two slowest files THEN it lists every package's task longest first, then the two files with the longest spans across packages and Node lines, with their tests", () => {
    const root = temporaryFolder("slowest-tests-");
    mkdirSync(join(root, "scripts"));
    for (const script of ["slowest-tests.mjs", "test-reports.mjs"]) {
      copyFileSync(join(REPOSITORY, "scripts", script), join(root, "scripts", script));
    }
    const reports = {
      "packages/core": {
        "test-results.json": ["src/quick.test.ts", 0, 1_000, 4],
        "test-results.python.json": null,
      },
      "tooling/contract-suite": {
        "test-results.json": ["src/whole-loop.test.ts", 5_000, 36_600, 6],
        "test-results.node-24.json": ["src/contract.test.ts", 0, 52_250, 2256],
      },
    } as const;
    for (const [folder, files] of Object.entries(reports)) {
      const dir = join(root, folder);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "package.json"), '{"scripts":{"test":"vitest run"}}');
      for (const [report, entry] of Object.entries(files)) {
        const testResults =
          entry === null ? undefined : [file(dir, entry[0], entry[1], entry[2], entry[3])];
        writeFileSync(join(dir, report), JSON.stringify({ numPassedTests: 1, testResults }));
      }
    }
    writeFileSync(
      join(root, ".test-durations.json"),
      JSON.stringify({ "packages/core": 120_000, "tooling/contract-suite": 170_400 }),
    );

    const run = spawnSync(process.execPath, [join(root, "scripts/slowest-tests.mjs"), "2", root], {
      encoding: "utf8",
    });

    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split("\n")).toEqual([
      "Each package's test task, 290.4 s in all:",
      " 170.4 s  tooling/contract-suite",
      " 120.0 s  packages/core",
      "",
      "The 2 slowest test files of 3:",
      "  52.3 s  tooling/contract-suite src/contract.test.ts (2256 tests, test-results.node-24.json)",
      "  31.6 s  tooling/contract-suite src/whole-loop.test.ts (6 tests)",
    ]);
  });
});
