import { execFileSync } from "node:child_process";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { runOpenSpec } from "../run-openspec.js";
import { writeFakeBin } from "../test-support/fake-bin.js";
import { writeFakeOpenSpecPackage } from "../test-support/fake-openspec-package.js";
import { waitForPids } from "../test-support/pid-file.js";
import { expectKilledByTimeout, isProcessRunning } from "../test-support/process-state.js";
import { useSandbox } from "../test-support/sandbox.js";
import {
  createOpenSpecPool,
  type OpenSpecPool,
  type OpenSpecPoolOptions,
} from "./create-openspec-pool.js";

// Reports what a CLI process sees: its cwd, argv, a variable read at import
// time and one read at run time; then exits with a code of its own. It also
// prints while being imported, which a warm worker does long before the command.
const REPORTING_CLI = `
const importedWith = process.env.MARKER;
console.error("imported");
export function runCli(argv = process.argv) {
  console.log(JSON.stringify({
    cwd: process.cwd(),
    argv: argv.slice(1),
    processArgv: process.argv.slice(1),
    importedWith,
    runWith: process.env.MARKER,
    telemetry: process.env.OPENSPEC_TELEMETRY,
  }));
  console.error("to stderr");
  process.exitCode = 3;
}
`;

describe("createOpenSpecPool", () => {
  const box = useSandbox("each");
  const pools: OpenSpecPool[] = [];
  afterEach(() => {
    for (const pool of pools.splice(0)) pool.close();
  });
  const makePool = (options: OpenSpecPoolOptions = {}) => {
    const pool = createOpenSpecPool({ env: box.current.env, ...options });
    pools.push(pool);
    return pool;
  };
  const fakePackage = (cli: string) =>
    writeFakeOpenSpecPackage(box.current.makeDir("pkg/node_modules/@fission-ai/openspec"), cli);
  const run = (bin: string, pool: OpenSpecPool | undefined, extra = {}) =>
    runOpenSpec({
      bin,
      args: ["list", "--json"],
      workdir: box.current.makeDir("repo"),
      env: box.current.env,
      ...(pool ? { pool } : {}),
      ...extra,
    });
  const withoutDuration = ({ duration_ms, ...rest }: { duration_ms: number }) => rest;

  it("GIVEN a warm pool WHEN a command runs THEN a worker runs it with the cold run's cwd, argv, env, output and exit code", async () => {
    box.current.env.MARKER = "from-env";
    const bin = fakePackage(REPORTING_CLI);
    const pool = makePool();
    expect(await pool.warm(bin)).toBe(true);

    const warm = await run(bin, pool);
    const cold = await run(bin, undefined);

    expect(withoutDuration(warm)).toEqual(withoutDuration(cold));
    expect(warm).toMatchObject({
      ok: false,
      code: "exit_nonzero",
      exit_code: 3,
      stdout: {
        cwd: box.current.makeDir("repo"),
        argv: [bin, "list", "--json"],
        processArgv: [bin, "list", "--json"],
        importedWith: "from-env",
        runWith: "from-env",
        telemetry: "0",
      },
      stderr: "imported\nto stderr\n",
    });
    expect(pool.stats()).toMatchObject({ warm: 1, cold: 0, fallbacks: 0 });
  });

  it("GIVEN a link to the package's bin, as npm installs it WHEN warming THEN the pool recognises the package behind it", async () => {
    const bin = fakePackage(REPORTING_CLI);
    const link = join(box.current.makeDir("global-bin"), "openspec");
    symlinkSync(bin, link);
    const pool = makePool();

    expect(await pool.warm(link)).toBe(true);
    const result = await run(link, pool);

    expect(result.stdout).toMatchObject({ argv: [link, "list", "--json"] });
    expect(pool.stats()).toMatchObject({ warm: 1 });
  });

  it("GIVEN a command served warm WHEN it ends THEN a replacement is waiting, warm, for the next one", async () => {
    const bin = fakePackage(REPORTING_CLI);
    const pool = makePool({ size: 1 });
    await pool.warm(bin);

    await run(bin, pool);
    expect(pool.stats().waiting).toBe(1);
    expect(await pool.warm(bin)).toBe(true);
    await run(bin, pool);

    expect(pool.stats()).toMatchObject({ warm: 2, cold: 0, waiting: 1 });
  });

  it("GIVEN a worker that fails before the command starts WHEN running THEN the command runs cold and the result is the cold one", async () => {
    // The worker changes into the workdir before running; this CLI breaks that.
    const bin = fakePackage(`
process.chdir = () => { throw new Error("no chdir here"); };
export function runCli() { console.log(JSON.stringify({ served: "by a process" })); }
`);
    const pool = makePool();
    expect(await pool.warm(bin)).toBe(true);

    const result = await run(bin, pool);

    expect(result).toMatchObject({ ok: true, stdout: { served: "by a process" }, stderr: "" });
    expect(pool.stats()).toMatchObject({ warm: 0, fallbacks: 1 });
  });

  it("GIVEN a CLI whose import fails WHEN warming THEN warm is false, the pool stops retrying and commands run cold", async () => {
    const bin = fakePackage(`throw new Error("broken install");\nexport function runCli() {}\n`);
    const pool = makePool();

    expect(await pool.warm(bin)).toBe(false);
    while (pool.stats().waiting > 0) await delay(20);
    const result = await run(bin, pool);

    expect(result).toMatchObject({ ok: false, code: "exit_nonzero", exit_code: 1 });
    expect(result.stderr).toContain("broken install");
    expect(pool.stats()).toMatchObject({ warm: 0, cold: 1, waiting: 0 });
  });

  it("GIVEN a CLI whose entry no longer exports runCli WHEN warming and running THEN no worker serves it and the command runs cold, with the cold answer", async () => {
    const bin = fakePackage(
      `export function main() { console.log(JSON.stringify({ served: "cold" })); }\n`,
    );
    writeFileSync(
      bin,
      "#!/usr/bin/env node\nimport { main } from '../dist/cli/index.js';\nmain();\n",
    );
    const pool = makePool();

    expect(await pool.warm(bin)).toBe(false);
    while (pool.stats().waiting > 0) await delay(20);
    const result = await run(bin, pool);

    expect(result).toMatchObject({ ok: true, stdout: { served: "cold" }, stderr: "" });
    expect(pool.stats()).toMatchObject({ warm: 0, cold: 1, waiting: 0 });
  });

  it.each([
    ["a shell script", () => writeFakeBin(box.current.makeDir("bin"), "openspec", "echo '[]'")],
    [
      "a file of the package that is not its bin",
      () => join(fakePackage(REPORTING_CLI), "..", "..", "dist", "cli", "index.js"),
    ],
  ])(
    "GIVEN %s WHEN running with a pool THEN no worker starts and the command runs cold",
    async (_, makeBin) => {
      const bin = makeBin();
      const pool = makePool();

      expect(await pool.warm(bin)).toBe(false);
      await run(bin, pool);

      expect(pool.stats()).toEqual({
        warm: 0,
        cold: 1,
        fallbacks: 0,
        waiting: 0,
        started: 0,
        retargeted: 0,
      });
    },
  );

  it("GIVEN a run whose env is not the pool's WHEN running THEN it runs cold, with its own env", async () => {
    const bin = fakePackage(REPORTING_CLI);
    const pool = makePool();
    await pool.warm(bin);

    const result = await run(bin, pool, { env: { ...box.current.env, MARKER: "other" } });

    expect(result.stdout).toMatchObject({ importedWith: "other", runWith: "other" });
    expect(pool.stats()).toMatchObject({ warm: 0, cold: 1 });
  });

  it("GIVEN OPENSPEC_AGENT_POOL=0 in the pool's env WHEN running THEN the pool is off and every run is cold", async () => {
    const bin = fakePackage(REPORTING_CLI);
    const env = { ...box.current.env, OPENSPEC_AGENT_POOL: "0" };
    const pool = makePool({ env });

    expect(pool.enabled).toBe(false);
    expect(await pool.warm(bin)).toBe(false);
    await run(bin, pool, { env });

    expect(pool.stats()).toEqual({
      warm: 0,
      cold: 1,
      fallbacks: 0,
      waiting: 0,
      started: 0,
      retargeted: 0,
    });
  });

  it("GIVEN a warm command that ignores SIGTERM and has a grandchild WHEN it outlives the timeout THEN both are killed and the result is a timeout", async () => {
    const pidFile = join(box.current.root, "pids");
    const bin = fakePackage(`
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
export function runCli() {
  process.on("SIGTERM", () => {});
  const grandchild = spawn("sleep", ["300"], { stdio: "ignore" });
  writeFileSync(${JSON.stringify(pidFile)}, process.pid + " " + grandchild.pid);
  setInterval(() => {}, 1000);
}
`);
    const pool = makePool();
    await pool.warm(bin);

    const pending = run(bin, pool, { timeoutMs: 500 });
    const pids = await waitForPids(pidFile);
    const result = await pending;

    await expectKilledByTimeout(result, pids);
    expect(pool.stats()).toMatchObject({ warm: 1 });
  });

  it("GIVEN a warm command that prints past the cap WHEN it runs THEN the output is cut as a cold run's is", async () => {
    const bin = fakePackage(
      `export function runCli() { process.stdout.write("x".repeat(100000)); }`,
    );
    const pool = makePool();
    await pool.warm(bin);

    const result = await run(bin, pool, { maxOutputBytes: 1000 });

    expect(result).toMatchObject({ ok: true, stdout: "x".repeat(1000), truncated: true });
    expect(pool.stats()).toMatchObject({ warm: 1 });
  });

  it("GIVEN idle warm workers WHEN the pool is closed THEN they are killed and later runs are cold", async () => {
    const bin = fakePackage(REPORTING_CLI);
    const pool = makePool();
    await pool.warm(bin);
    const pids = workerPids(bin);
    expect(pids).toHaveLength(2);

    pool.close();
    await run(bin, pool);

    await waitUntil(() => pids.every((pid) => !isProcessRunning(pid)));
    expect(pool.stats()).toEqual({
      warm: 0,
      cold: 1,
      fallbacks: 0,
      waiting: 0,
      started: 2,
      retargeted: 0,
    });
  });

  it("GIVEN a host with idle warm workers WHEN its work is done THEN it exits on its own and its workers go with it", async () => {
    const bin = fakePackage(REPORTING_CLI);
    const host = `
      const { createOpenSpecPool } = await import(${JSON.stringify(new URL("../../dist/index.js", import.meta.url).href)});
      const pool = createOpenSpecPool({ env: JSON.parse(process.env.POOL_ENV) });
      const waiting = setInterval(() => {}, 1000);
      await pool.warm(${JSON.stringify(bin)});
      clearInterval(waiting);
      console.log("warm");
    `;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", host], {
      env: { ...process.env, POOL_ENV: JSON.stringify(box.current.env) },
      encoding: "utf8",
      timeout: 30_000,
    });

    expect(output).toBe("warm\n");
    await waitUntil(() => workerPids(bin).length === 0);
  });
});

/** Workers serving `bin`'s package, found through their command lines. */
function workerPids(bin: string): number[] {
  const cliEntry = join(bin, "..", "..", "dist", "cli", "index.js");
  const out = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line.includes("openspec-worker.js") && line.includes(cliEntry))
    .map((line) => Number.parseInt(line, 10))
    .filter(isProcessRunning);
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("waited too long");
    await delay(20);
  }
}
