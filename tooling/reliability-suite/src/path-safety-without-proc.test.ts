import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { warnSkipped } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";

// macOS has no /proc, and most MCP clients run there. The write walk and the read check use
// /proc/self/fd where it exists and fall back to path checks where it does not. This runs the
// path-safety table again in a mount namespace whose /proc is an empty folder,
// so those fallbacks face the same hostile repositories on every `pnpm test`. Linux only, as
// root (a mount namespace needs CAP_SYS_ADMIN); elsewhere it skips and says why.

const PACKAGE = join(import.meta.dirname, "..");
const VITEST = join(
  createRequire(join(PACKAGE, "package.json")).resolve("vitest/package.json"),
  "..",
  "vitest.mjs",
);
/**
 * Every write and read path against hostile repositories. The folder swap race (folder-swap-race.test.ts) is not here: without
 * /proc the write walk goes by path, and a process swapping a folder in a tight loop does get
 * writes through (see "Platforms" in docs/reliability.md).
 */
const FILES = ["src/path-safety.test.ts"];
const output = mkdtempSync(join(tmpdir(), "without-proc-"));
afterAll(() => rmSync(output, { recursive: true, force: true }));

/** The command line that runs `args` under Node with /proc hidden (Node cannot learn its own path there). */
function hidingProc(args: string[]): string[] {
  return [
    "--mount",
    "--propagation",
    "private",
    "/bin/sh",
    "-c",
    'mount -t tmpfs none /proc && exec "$0" "$@"',
    process.execPath,
    ...args,
  ];
}

function whyProcCannotBeHidden(): string | undefined {
  if (process.platform !== "linux") return "only Linux has a /proc to hide";
  if (process.getuid?.() !== 0) return "hiding /proc needs a mount namespace, which needs root";
  const probe = spawnSync(
    "unshare",
    hidingProc([
      "-e",
      "process.stdout.write(String(require('node:fs').existsSync('/proc/self/fd')))",
    ]),
    { encoding: "utf8", timeout: 120_000 },
  );
  if (probe.stdout === "false") return undefined;
  return `unshare --mount could not hide /proc (${(probe.stderr || probe.error?.message || "no output").trim()})`;
}

const skipReason = whyProcCannotBeHidden();
warnSkipped("the checks without /proc", skipReason);

describe.skipIf(skipReason !== undefined)("a machine without /proc, as macOS is", () => {
  it("GIVEN /proc is hidden WHEN the path-safety table runs through every host THEN every case passes, and none is skipped", {
    timeout: 30 * 60_000,
  }, async () => {
    const report = join(output, "report.json");
    const child = spawn("unshare", hidingProc([VITEST, "run", ...FILES]), {
      cwd: PACKAGE,
      env: { ...process.env, OPENSPEC_AGENT_TEST_REPORT: report },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const [status] = (await once(child, "close")) as [number | null];
    const result = JSON.parse(readFileSync(report, "utf8")) as {
      numTotalTests: number;
      numPassedTests: number;
      testResults: { name: string; assertionResults: { status: string; fullName: string }[] }[];
    };
    const failed = result.testResults
      .flatMap((file) => file.assertionResults)
      .filter((test) => test.status !== "passed")
      .map((test) => `${test.status}: ${test.fullName}`);
    expect(failed, stderr).toEqual([]);
    expect(result.testResults.map((file) => file.name.slice(PACKAGE.length + 1)).sort()).toEqual(
      [...FILES].sort(),
    );
    // The table has hundreds of cases; a run that found none checked nothing.
    expect(result.numPassedTests).toBeGreaterThan(100);
    expect(status).toBe(0);
  });
});
