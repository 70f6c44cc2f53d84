// The root `pnpm test`: every package's build, then its tests, typecheck and
// lint, then the project's own specs and the changesets check, then one closing line that adds up every
// report. The summary prints whether or not a step failed; the exit code is the
// first failure's.
//
// Builds come first, on their own: in one turbo run, the tests of low packages
// took both slots while the builds above them waited, and the longest suite
// started last and ran alone. Then the tasks run two at a time, longest first,
// so the suites that take minutes start at once and short tasks fill the end.
// Three at a time was tried: 372 s against 366 s, with 10% more CPU in contention. Within a task,
// vitest runs at least two test files at a time (the shared preset, tooling/vitest): with one, the
// cores were about 10 % idle; with two, about 2 % (431 s against 397 s, the same CPU).
// Tests always run (no cache): `pnpm test` is the full check, on the Node that runs it.
// `.ci/run` runs the contract suite and the apps' start-up checks on Node 24 as well.
// `node scripts/slowest-tests.mjs` reads where the last whole run's time went.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTestReports } from "./test-reports.mjs";
import { typecheckCommands, workspacePackages } from "./typecheck-workspace.mjs";

const root = new URL("..", import.meta.url).pathname;
const SLOTS = 2;
/** Suites at least this long (last run) start before the typechecks; shorter ones fill the end. */
const LONG_SUITE_MS = 30_000;

/** The longest suites when no earlier report says otherwise (a fresh clone). */
const LONGEST_FIRST = [
  // By the seconds each task took in a fresh clone's run (two at a time), the suites of half a
  // minute or more: core and the CLI runner had grown past the contract suite and the artifacts.
  "tooling/reliability-suite", // 287
  "packages/core", // 126
  "packages/cli-runner", // 98
  // Runs every case through every host in its global setup.
  "tooling/contract-suite", // 97
  "packages/artifacts", // 84
  "apps/cli", // 76
  "apps/mcp-server", // 58
  "packages/mcp-host", // 42
  "packages/dashboard-host", // 41
  "packages/registry", // 33
  "tooling/context-budget", // 32
  "packages/spec-parser", // 32
  // Mostly waits on npm's registry when the machine's npm cache is cold; 14 s when it is warm.
  "tooling/release-checks",
];

const packages = workspacePackages(root);
// Written only by a whole run: the report a single package's `vitest run`
// leaves behind says nothing about how long its whole suite takes.
const DURATIONS_FILE = join(root, ".test-durations.json");
const durations = lastDurations();
// How long each package's test task took in this run, by folder: the whole task, so a suite's
// global setup (the contract suite runs every case there) counts, which its report leaves out.
const measured = new Map();
// A report left from an earlier run would be counted as if this run had made it.
removeTestReports(root);

let exitCode = 0;
/**
 * Each step's exit code by its name, in the order the steps started (two run at once, so the order
 * they end in varies): the summary names each that failed, since a lint or typecheck failure leaves
 * no test report.
 */
const stepCodes = new Map();
const note = (code, step) => {
  if (code !== 0 && exitCode === 0) exitCode = code;
  if (step !== undefined) stepCodes.set(step, code);
};

note(run("pnpm", ["exec", "turbo", "run", "build", "--concurrency=2"]), "the build");
await runPool(tasks(), SLOTS);
saveDurations();
note(run("node", ["scripts/validate-own-specs.mjs"]), "the project's own specs");
// A publishable package's src changed on this branch without a changeset (docs/releasing.md).
note(run("node", ["scripts/check-changesets.mjs"]), "the changesets check");
note(
  run("node", ["scripts/test-summary.mjs"], {
    ...process.env,
    OPENSPEC_AGENT_FAILED_STEPS: [...stepCodes]
      .filter(([, code]) => code !== 0)
      .map(([step, code]) => `${step}: exited with code ${code}`)
      .join("\n"),
  }),
);
process.exit(exitCode);

function run(command, args, env = process.env) {
  return spawnSync(command, args, { cwd: root, stdio: "inherit", env }).status ?? 1;
}

/**
 * Tests longest first, with the typechecks among them once the suites of half a minute or more
 * have started, then lint. The typechecks share programs (scripts/typecheck-workspace.mjs).
 */
function tasks() {
  const weight = ({ folder }) =>
    durations.get(folder) ??
    (LONGEST_FIRST.includes(folder) ? 1e9 - LONGEST_FIRST.indexOf(folder) : 0);
  const suites = packages
    .filter((pkg) => pkg.scripts.test)
    .map((pkg) => ({
      folder: pkg.folder,
      task: [...script(pkg, "test"), pkg.folder, `the tests of ${pkg.folder}`],
    }))
    .sort((a, b) => weight(b) - weight(a));
  const long = suites.filter((suite) => weight(suite) >= LONG_SUITE_MS);
  const short = suites.filter((suite) => weight(suite) < LONG_SUITE_MS);
  const typechecks = typecheckCommands(root, packages).map(({ label, command, args }) => [
    command,
    args,
    undefined,
    `the typecheck of ${label}`,
  ]);
  return [
    ...long.map((suite) => suite.task),
    ...typechecks,
    ...short.map((suite) => suite.task),
    ["pnpm", ["run", "lint"], undefined, "lint (biome ci .)"],
  ];
}

// Not through turbo: a turbo run would restore its cached builds into dist/ while the other
// slot's tests read them. Not through `pnpm run` either, which costs 0.4 s of CPU per run
// before the script starts (19 test scripts): the script runs
// in its package's folder with the package's and the workspace's `node_modules/.bin` first on
// PATH, as pnpm would run it.
function script(pkg, task) {
  const run = () =>
    runAsync("sh", ["-c", pkg.scripts[task]], packageEnv(pkg), join(root, pkg.folder));
  return [run, []];
}

/** The environment with the package's and the workspace's installed binaries first on PATH. */
function packageEnv(pkg) {
  const bins = [join(root, pkg.folder, "node_modules", ".bin"), join(root, "node_modules", ".bin")];
  return { ...process.env, PATH: [...bins, process.env.PATH ?? ""].join(":") };
}

async function runPool(queue, slots) {
  const next = async () => {
    for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
      const [command, args, folder, step] = task;
      const started = performance.now();
      stepCodes.set(step, 0);
      note(
        typeof command === "function"
          ? await command().catch((error) => {
              console.error(error);
              return 1;
            })
          : await runAsync(command, args),
        step,
      );
      if (folder !== undefined) measured.set(folder, Math.round(performance.now() - started));
    }
  };
  await Promise.all(Array.from({ length: slots }, next));
}

function runAsync(command, args, env = process.env, cwd = root) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: "inherit", env });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** How long each package's tests took in the last whole run (milliseconds), by folder. */
function lastDurations() {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(DURATIONS_FILE, "utf8"))));
  } catch {
    return new Map();
  }
}

function saveDurations() {
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(Object.fromEntries(measured), null, 2)}\n`);
}
