import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";

afterEach(removeTemporaryFolders);

const REPOSITORY = new URL("../../..", import.meta.url).pathname;
const SCRIPTS = [
  "run-tests.mjs",
  "test-reports.mjs",
  "test-failures.mjs",
  "test-summary.mjs",
  "check-changesets.mjs",
  "typecheck-workspace.mjs",
];

/** A copy of the root test scripts in a folder with its own packages, so nothing real is touched. */
function scratchRepository(): string {
  const root = temporaryFolder("test-command-");
  mkdirSync(join(root, "scripts"));
  for (const script of SCRIPTS) {
    copyFileSync(join(REPOSITORY, "scripts", script), join(root, "scripts", script));
  }
  writeFileSync(join(root, "scripts", "validate-own-specs.mjs"), "console.log('specs ok');\n");
  return root;
}

function testedPackage(root: string, path: string, report?: object): void {
  mkdirSync(join(root, path), { recursive: true });
  writeFileSync(
    join(root, path, "package.json"),
    JSON.stringify({ name: path, scripts: { test: "vitest run" } }),
  );
  if (report) writeFileSync(join(root, path, "test-results.json"), JSON.stringify(report));
}

const report = (passed: number, failed: number) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 0,
  numTodoTests: 0,
});

/**
 * A folder with stand-ins (shell scripts) for `pnpm` (turbo's builds, lint) and `vitest` (each
 * package's tests, run in its folder) to put first on PATH; returns the folder.
 */
function standIns(root: string, scripts: { pnpm: string; vitest: string }): string {
  const bin = join(root, "bin");
  mkdirSync(bin);
  for (const [name, script] of Object.entries(scripts)) {
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

/** The start of a stand-in `vitest`: `pkg` is the package folder it runs in, relative to `root`. */
const inPackage = (root: string) => `#!/bin/sh\npkg="\${PWD#${root}/}"\n`;

describe("the root test command", () => {
  it("GIVEN a package whose tests failed WHEN the turbo step fails THEN the summary still prints the failures and the exit code stays non-zero", () => {
    const root = scratchRepository();
    testedPackage(root, "packages/good");
    testedPackage(root, "packages/bad");
    // A stand-in for pnpm/turbo: writes each package's report as its tests would, then fails.
    const bin = standIns(root, {
      pnpm: `#!/bin/sh
printf '%s' '${JSON.stringify(report(3, 0))}' > "${root}/packages/good/test-results.json"
printf '%s' '${JSON.stringify(report(1, 2))}' > "${root}/packages/bad/test-results.json"
exit 1
`,
      vitest: "#!/bin/sh\nexit 0\n",
    });
    const run = spawnSync(process.execPath, [join(root, "scripts", "run-tests.mjs")], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}` },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("specs ok");
    expect(run.stdout.trimEnd().split("\n").slice(-3)).toEqual([
      "4 passed, 2 failed, 0 skipped",
      "FAIL the build: exited with code 1",
      "FAIL lint (biome ci .): exited with code 1",
    ]);
  });

  it("GIVEN every test passes and only lint fails WHEN the tests run THEN the closing line is followed by the lint failure, and the exit code is non-zero", () => {
    const root = scratchRepository();
    testedPackage(root, "packages/good");
    const bin = standIns(root, {
      pnpm: `#!/bin/sh\n[ "$1 $2" = "run lint" ] && { echo "File content differs from formatting output" >&2; exit 1; }\nexit 0\n`,
      vitest: `${inPackage(root)}printf '%s' '${JSON.stringify(report(5, 0))}' > test-results.json\n`,
    });
    const run = spawnSync(process.execPath, [join(root, "scripts", "run-tests.mjs")], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}` },
    });
    expect(run.status).toBe(1);
    expect(run.stdout.trimEnd().split("\n").slice(-2)).toEqual([
      "5 passed, 0 failed, 0 skipped",
      "FAIL lint (biome ci .): exited with code 1",
    ]);
  });

  it("GIVEN failed tests, a file that failed before its tests ran and a failed Python test WHEN the summary prints THEN each is named under the closing line with its package, file, name and the first line of its error", () => {
    const root = scratchRepository();
    const dir = join(root, "packages/bad");
    testedPackage(root, "packages/bad", {
      ...report(1, 1),
      testResults: [
        {
          name: join(dir, "src/archive.test.ts"),
          status: "failed",
          message: "",
          assertionResults: [
            { fullName: "archive GIVEN a change WHEN archived THEN moved", status: "passed" },
            {
              fullName: "archive GIVEN open tasks WHEN archived THEN refused",
              status: "failed",
              failureMessages: [
                "\u001b[31mAssertionError: expected true to be false\u001b[39m\n    at x.ts:1",
              ],
            },
          ],
        },
        {
          name: join(dir, "src/corpus.test.ts"),
          status: "failed",
          message: "Hook timed out in 120000ms.\nIf this is a long-running hook…",
          assertionResults: [{ fullName: "corpus parity", status: "skipped" }],
        },
      ],
    });
    writeFileSync(
      join(dir, "test-results.python.json"),
      JSON.stringify({
        ...report(2, 1),
        failures: [
          {
            file: "plugin_tests/test_bridge.py",
            name: "test_bridge.Bridge.test_restart",
            message: "AssertionError: None != 0",
          },
        ],
      }),
    );
    const summary = spawnSync(process.execPath, [join(root, "scripts", "test-summary.mjs"), root], {
      encoding: "utf8",
    });
    expect(summary.status).toBe(1);
    const lines = summary.stdout.trim().split("\n");
    const closing = lines.indexOf("3 passed, 3 failed, 0 skipped");
    expect(closing).toBeGreaterThanOrEqual(0);
    expect(lines.slice(closing + 1)).toEqual([
      "FAIL packages/bad/src/archive.test.ts > archive GIVEN open tasks WHEN archived THEN refused",
      "     AssertionError: expected true to be false",
      "FAIL packages/bad/src/corpus.test.ts",
      "     Hook timed out in 120000ms.",
      "FAIL packages/bad/plugin_tests/test_bridge.py > test_bridge.Bridge.test_restart",
      "     AssertionError: None != 0",
    ]);
  });

  it("GIVEN reports left from an earlier run WHEN the tests run again THEN the old reports are removed first and a package that wrote none counts as missing", () => {
    const root = scratchRepository();
    testedPackage(root, "apps/stale", report(50, 0));
    const bin = standIns(root, { pnpm: "#!/bin/sh\nexit 1\n", vitest: "#!/bin/sh\nexit 1\n" });
    const run = spawnSync(process.execPath, [join(root, "scripts", "run-tests.mjs")], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}` },
    });
    expect(existsSync(join(root, "apps/stale/test-results.json"))).toBe(false);
    expect(run.status).toBe(1);
    expect(run.stdout.trimEnd().split("\n").slice(-5)).toEqual([
      "0 passed, 0 failed, 0 skipped",
      "FAIL the build: exited with code 1",
      "FAIL the tests of apps/stale: exited with code 1",
      "FAIL lint (biome ci .): exited with code 1",
      "FAIL apps/stale: no test report (its build or tests did not run)",
    ]);
  });

  it("GIVEN one package's report left by running that package alone WHEN the whole run starts THEN it orders the suites by the last whole run's durations, not by that report, and keeps how long each whole test task took", () => {
    const root = scratchRepository();
    // The slow suite's report says 1 ms: it was run alone, on one file.
    const oneFile = { ...report(1, 0), testResults: [{ startTime: 0, endTime: 1 }] };
    testedPackage(root, "tooling/slow", oneFile);
    testedPackage(root, "packages/middle");
    testedPackage(root, "packages/quick", {
      ...report(1, 0),
      testResults: [{ startTime: 0, endTime: 500 }],
    });
    writeFileSync(
      join(root, ".test-durations.json"),
      JSON.stringify({
        "tooling/slow": 300_000,
        "packages/middle": 200_000,
        "packages/quick": 100,
      }),
    );
    // Logs which package each test task is for, and writes its report.
    const bin = standIns(root, {
      pnpm: "#!/bin/sh\nexit 0\n",
      vitest: `${inPackage(root)}
echo "$pkg" >> "${root}/order.log"
# The slow suite's work happens outside its test files, as a global setup's does.
if [ "$pkg" = "tooling/slow" ]; then sleep 1; fi
# The middle suite ends only once the slow one has started beside it, so the quick one, which
# takes the first free slot, cannot start before the slow one however the processes are scheduled.
if [ "$pkg" = "packages/middle" ]; then
  waited=0
  until grep -q tooling/slow "${root}/order.log"; do
    waited=$((waited + 1))
    if [ "$waited" -gt 600 ]; then echo "the slow suite never started beside the middle one" >&2; exit 1; fi
    sleep 0.1
  done
fi
printf '%s' '{"numPassedTests":1,"testResults":[{"startTime":0,"endTime":50}]}' > test-results.json
`,
    });
    const run = spawnSync(process.execPath, [join(root, "scripts", "run-tests.mjs")], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}` },
    });
    expect(run.status).toBe(0);
    const order = readFileSync(join(root, "order.log"), "utf8").trim().split("\n");
    // Two slots: the two longest start together, the quick one last.
    expect(order.at(-1)).toBe("packages/quick");
    // The whole run's own durations are kept for the next one: each whole task, not its report's
    // file spans (50 ms each), so the slow suite's second outside its files counts.
    const saved = JSON.parse(readFileSync(join(root, ".test-durations.json"), "utf8"));
    expect(Object.keys(saved).toSorted()).toEqual([
      "packages/middle",
      "packages/quick",
      "tooling/slow",
    ]);
    expect(saved["tooling/slow"]).toBeGreaterThanOrEqual(1000);
    expect(saved["packages/quick"]).toBeLessThan(saved["tooling/slow"]);
  });
});

type DryRun = {
  globalCacheInputs: { files: Record<string, string> };
  tasks: { taskId: string; hash: string; inputs: Record<string, string> }[];
};

function dryRun(filter: string, env: Record<string, string | undefined>): DryRun {
  const run = spawnSync(
    "pnpm",
    ["exec", "turbo", "run", "test", "--dry=json", `--filter=${filter}`],
    {
      cwd: REPOSITORY,
      encoding: "utf8",
      env,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as DryRun;
}

function taskHash(dry: DryRun, taskId: string): string | undefined {
  return dry.tasks.find((task) => task.taskId === taskId)?.hash;
}

describe("turbo's cache keys", () => {
  const { OPENSPEC_AGENT_RELIABILITY: _mode, ...baseEnv } = process.env;

  it("GIVEN the shared configs and the Hermes driver WHEN turbo hashes the tasks THEN they are inputs, so editing them re-runs what they affect", () => {
    const dry = dryRun("@org/contract-suite", baseEnv);
    expect(Object.keys(dry.globalCacheInputs.files)).toEqual(
      expect.arrayContaining([
        "tooling/tsconfig/base.json",
        "tooling/vitest/preset.js",
        "biome.json",
      ]),
    );
    const hostHarness = dry.tasks.find((task) => task.taskId === "@org/host-harness#build");
    expect(Object.keys(hostHarness?.inputs ?? {})).toContain("hermes_driver.py");
  });

  it("GIVEN OPENSPEC_AGENT_RELIABILITY=long WHEN turbo hashes the reliability suite's tests THEN the hash differs from the default run, so the short run is never replayed for the long one", () => {
    const id = "@org/reliability-suite#test";
    const short = taskHash(dryRun("@org/reliability-suite", baseEnv), id);
    const long = taskHash(
      dryRun("@org/reliability-suite", { ...baseEnv, OPENSPEC_AGENT_RELIABILITY: "long" }),
      id,
    );
    expect(short).toBeDefined();
    expect(long).not.toBe(short);
  });
});
