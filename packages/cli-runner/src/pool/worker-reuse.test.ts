import { afterEach, describe, expect, it } from "vitest";
import { runOpenSpec } from "../run-openspec.js";
import { writeFakeOpenSpecPackage } from "../test-support/fake-openspec-package.js";
import { useSandbox } from "../test-support/sandbox.js";
import { createOpenSpecPool, type OpenSpecPool } from "./create-openspec-pool.js";

// A CLI shaped like OpenSpec 1.13.2's entry: `runCli(argv)` parses without
// waiting, `program.parseAsync(argv)` says when the command is over. Its
// commands (argv[2]) do what a command of the real CLI could do to the process.
const COMMANDS_CLI = `
const commands = {
  report: () => { console.log(JSON.stringify({ cwd: process.cwd(), args: process.argv.slice(2) })); },
  fail: () => { console.log("failing"); process.exitCode = 3; },
  warn: () => { console.log("warned"); console.error("a warning, once per process"); },
  later: () => { console.log("now"); setTimeout(() => console.log("later"), 150); },
  env: () => { process.env.LEFT_BEHIND = "1"; console.log("env"); },
  exit: () => { console.log("exiting"); process.exit(4); },
  hang: () => new Promise(() => { console.log("hanging"); setInterval(() => {}, 1000); }),
};
async function run(argv) {
  await new Promise((resolve) => setTimeout(resolve, 5));
  await commands[argv[2]]();
}
export const program = { parseAsync: (argv) => run(argv) };
export function runCli(argv = process.argv) { void run(argv); }
`;

describe("a warm worker serving several commands", () => {
  const box = useSandbox("each");
  const pools: OpenSpecPool[] = [];
  afterEach(() => {
    for (const pool of pools.splice(0)) pool.close();
  });
  const setUp = async () => {
    const bin = writeFakeOpenSpecPackage(
      box.current.makeDir("pkg/node_modules/@fission-ai/openspec"),
      COMMANDS_CLI,
    );
    const pool = createOpenSpecPool({ env: box.current.env, size: 1 });
    pools.push(pool);
    expect(await pool.warm(bin)).toBe(true);
    const run = (
      command: string,
      workdir = box.current.makeDir("repo"),
      pooled = true,
      timeoutMs = 60_000,
    ) =>
      runOpenSpec({
        bin,
        args: [command],
        workdir,
        env: box.current.env,
        timeoutMs,
        ...(pooled ? { pool } : {}),
      });
    return { pool, run };
  };
  const same = async (
    run: (command: string, workdir?: string, pooled?: boolean) => Promise<{ duration_ms: number }>,
    command: string,
  ) => {
    const { duration_ms: _warm, ...warm } = await run(command);
    const { duration_ms: _cold, ...cold } = await run(command, undefined, false);
    expect(warm, command).toEqual(cold);
  };

  it("GIVEN clean commands in two workdirs WHEN they run in a row THEN one worker serves them all, each with its own output, cwd and exit code", async () => {
    const { pool, run } = await setUp();
    const other = box.current.makeDir("other");

    const results = [await run("report"), await run("fail"), await run("report", other)];

    expect(results.map((result) => [result.exit_code, result.stdout])).toEqual([
      [0, { cwd: box.current.makeDir("repo"), args: ["report"] }],
      [3, "failing\n"],
      [0, { cwd: other, args: ["report"] }],
    ]);
    expect(pool.stats()).toMatchObject({ warm: 3, cold: 0, fallbacks: 0, started: 1 });
  });

  it("GIVEN a command that writes to stderr WHEN the next one runs THEN a fresh worker serves it, so once-per-process warnings repeat as in cold runs", async () => {
    const { pool, run } = await setUp();

    await same(run, "warn");
    await same(run, "warn");

    // The third is the replacement waiting for the next command.
    expect(pool.stats()).toMatchObject({ warm: 2, started: 3 });
  });

  it("GIVEN a command that leaves a timer behind WHEN it runs warm THEN its output includes what the timer prints, as a cold run's does, and the worker is not reused", async () => {
    const { pool, run } = await setUp();

    await same(run, "later");
    const next = await run("report");

    expect(next.stdout).toMatchObject({ args: ["report"] });
    expect(pool.stats()).toMatchObject({ warm: 2, started: 2 });
  });

  it.each([
    ["changes the environment", "env"],
    ["calls process.exit", "exit"],
  ])(
    "GIVEN a command that %s WHEN the next one runs THEN a fresh worker serves it",
    async (_, command) => {
      const { pool, run } = await setUp();

      await same(run, command);
      await same(run, "report");

      expect(pool.stats()).toMatchObject({ warm: 2, started: 2, fallbacks: 0 });
    },
  );

  it("GIVEN a worker that served a command WHEN its next command hangs past the timeout THEN the result is a timeout with what it printed, and the command after runs on a fresh worker", async () => {
    const { pool, run } = await setUp();

    await run("report");
    const hung = await run("hang", undefined, true, 500);
    const after = await run("report");

    expect(hung).toMatchObject({ ok: false, code: "timeout", stdout: "hanging\n" });
    expect(after).toMatchObject({ ok: true, stdout: { args: ["report"] } });
    expect(pool.stats()).toMatchObject({ warm: 3, fallbacks: 0, started: 2 });
  });
});
