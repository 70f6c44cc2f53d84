import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { OpenSpecPool, OpenSpecPoolStats } from "@org/openspec-cli-runner";
import { isolatedEnvironment } from "./isolated-environment.js";
import { poolHome } from "./pool-home.js";

export type CliRun = { status: number | null; stdout: string; stderr: string };

/** A launch as the runner describes it (`spawn-bounded.ts` in the runner). */
type Launch = {
  file: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  killGraceMs: number;
  maxOutputBytes: number;
};
type Outcome =
  | { kind: "spawn_failed"; reason: string }
  | { kind: "finished"; exitCode: number | null; stdout: string; stderr: string };

/**
 * The runner's pool and the two launchers `runOpenSpec` chooses between. The
 * runner's public `runOpenSpec` hands back stdout parsed when it is JSON, and
 * a test comparing the CLI's answers needs the bytes as printed, so these come
 * from the runner's built files, the same modules `runOpenSpec` runs.
 */
type Runner = {
  createOpenSpecPool(options: {
    env: Record<string, string | undefined>;
    size: number;
  }): OpenSpecPool;
  launchInPool(pool: OpenSpecPool, bin: string, launch: Launch): Promise<Outcome | undefined>;
  spawnBounded(launch: Launch): Promise<Outcome>;
  buildChildEnv(env: Record<string, string | undefined>): Record<string, string>;
};

const require = createRequire(import.meta.url);
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

let shared:
  | Promise<{ runner: Runner; pool: OpenSpecPool; env: Record<string, string> }>
  | undefined;

async function loadRunner(): Promise<Runner> {
  const dist = join(dirname(require.resolve("@org/openspec-cli-runner/package.json")), "dist");
  const load = (file: string) => import(pathToFileURL(join(dist, file)).href);
  const [pool, spawn, env] = await Promise.all([
    load("pool/create-openspec-pool.js"),
    load("spawn-bounded.js"),
    load("build-child-env.js"),
  ]);
  return { ...pool, ...spawn, ...env } as Runner;
}

// One pool per test process: files of a package share their worker
// (`isolate: false`), so the CLI is imported once per worker, not once per run.
function sharedPool() {
  shared ??= loadRunner().then((runner) => {
    // The workers' home: the CLI keeps only its global config there (the
    // completion tip's flag), which no command a test runs prints or reads back.
    const home = poolHome();
    const { env } = isolatedEnvironment({
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_DATA_HOME: join(home, ".local", "share"),
      OPENSPEC_AGENT_DB: join(home, "registry.db"),
    });
    const pool = runner.createOpenSpecPool({ env, size: 2 });
    return { runner, pool, env: runner.buildChildEnv(env) };
  });
  return shared;
}

/**
 * Runs the pinned OpenSpec CLI (`bin`, its JavaScript entry) in `cwd` on a
 * warm worker of the runner's pool, or cold as the runner would when no
 * worker is free; stdout, stderr and the exit code are the command's, byte
 * for byte (`real-openspec.test.ts`).
 */
export async function runWarmOpenSpec(bin: string, cwd: string, args: string[]): Promise<CliRun> {
  const { runner, pool, env } = await sharedPool();
  const launch = {
    cwd,
    env,
    timeoutMs: 300_000,
    killGraceMs: 1000,
    maxOutputBytes: MAX_OUTPUT_BYTES,
  };
  const outcome =
    (await runner.launchInPool(pool, bin, { ...launch, file: bin, args })) ??
    (await runner.spawnBounded({ ...launch, file: process.execPath, args: [bin, ...args] }));
  if (outcome.kind === "spawn_failed") throw new Error(`openspec did not start: ${outcome.reason}`);
  return { status: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr };
}

/** How many runs so far were warm and how many cold, for the test that proves the warm path is taken. */
export async function warmOpenSpecStats(): Promise<OpenSpecPoolStats> {
  return (await sharedPool()).pool.stats();
}
