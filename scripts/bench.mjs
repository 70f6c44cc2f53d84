// `pnpm bench`: measures each benchmark against its yardstick on this
// machine (warm and cold CLI calls, `openspec_context`, the spec parser, MCP
// start-up, the Hermes bridge, the HTTP server under load, the tokens each
// host puts in a model's context, and more: BENCHMARK_IDS in
// scripts/docs/benchmark-page.mjs names them all), prints a table and writes
// bench-results/latest.json; a full run (not `--smoke`) also records its
// figures in docs/benchmarks.json and rewrites docs/benchmarks.md and the
// README's summary from it. Run after `turbo run build` (the pnpm script
// does). `--smoke` runs each benchmark once on a small repository (checks
// that it works, not how fast); `--only=context-speed,mcp-startup` picks some
// by name; `--http-load-changes=1000` and `--http-load-levels=1,10,50` narrow
// http-load (default 1,000 and 10,000 changes at 1, 10, 50 and 100 sessions),
// `--http-load-revisions=2025-11-25,2026-07-28` runs it with 2025 clients
// (sessions, the default) and 2026-07-28 clients (stateless),
// `--http-load-cpu-prof=DIR` writes the server's CPU profile there. It
// measures on the Node that runs it: put another line's `node` first on PATH
// to measure that one.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { benchBridgeRoundTrip } from "../bench/bridge-round-trip.mjs";
import { benchBurst, benchConcurrent } from "../bench/cli-call-bursts.mjs";
import { benchCliContext } from "../bench/cli-context.mjs";
import { benchColdToolCall, benchPooledToolCall } from "../bench/cli-tool-call.mjs";
import { benchContextTokens } from "../bench/context-tokens.mjs";
import {
  generateRepository,
  LARGE_REPOSITORY,
  TWENTY_CHANGE_REPOSITORY,
} from "../bench/generate-repository.mjs";
import { benchHttpLoad, kindFigures } from "../bench/http-load.mjs";
import { loadCliSpecParser } from "../bench/load-cli-spec-parser.mjs";
import { benchMcpStartup } from "../bench/mcp-startup.mjs";
import { benchNativeList } from "../bench/native-list.mjs";
import { benchPathologicalLines } from "../bench/pathological-lines.mjs";
import { benchResourceSessions } from "../bench/resource-sessions.mjs";
import { benchSpecParser } from "../bench/spec-parser.mjs";
import { benchValidateByChange } from "../bench/validate-by-change.mjs";
import {
  BENCHMARK_IDS,
  BENCHMARKS_DATA,
  mergeBenchmarkRun,
  readBenchmarkData,
  writeBenchmarkData,
} from "./docs/benchmark-page.mjs";
import { resourceSessionRows } from "./docs/resource-session-rows.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const smoke = argv.includes("--smoke");
const onlyArg = argv.find((arg) => arg.startsWith("--only="));
const only = onlyArg ? new Set(onlyArg.slice("--only=".length).split(",")) : null;
// An --only name no benchmark has would run nothing and still look like a run.
const unknown = [...(only ?? [])].filter((id) => !BENCHMARK_IDS.includes(id));
if (unknown.length > 0) {
  console.error(
    `--only: no benchmark is called ${unknown.join(", ")}; the names are ${BENCHMARK_IDS.join(", ")}.`,
  );
  process.exit(2);
}
/** Whether any of these names was asked for: one run gives several figures, each under its own name. */
const wanted = (...ids) => only === null || ids.some((id) => only.has(id));
const iterations = (full) => (smoke ? 1 : full);
const listArg = (name, fallback) => {
  const given = argv.find((arg) => arg.startsWith(`--${name}=`));
  return given === undefined
    ? fallback
    : given
        .slice(name.length + 3)
        .split(",")
        .map(Number);
};

const openspecRoot = dirname(
  dirname(createRequire(import.meta.url).resolve("@fission-ai/openspec")),
);
const cliBin = join(openspecRoot, "bin", "openspec.js");
const fromRoot = (path) => join(root, path);
const importBuilt = async (path) => {
  if (!existsSync(fromRoot(path))) return null;
  return import(pathToFileURL(fromRoot(path)).href);
};

// Everything runs in a throwaway home: nothing of the real user's is read or written.
const sandbox = mkdtempSync(join(tmpdir(), "openspec-agent-bench-"));
const home = join(sandbox, "home");
mkdirSync(home);
const env = {
  PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
  HOME: home,
  XDG_CONFIG_HOME: join(home, ".config"),
  XDG_DATA_HOME: join(home, ".local", "share"),
  OPENSPEC_AGENT_DB: join(home, "registry.db"),
  OPENSPEC_BIN: cliBin,
  OPENSPEC_TELEMETRY: "0",
  NO_COLOR: "1",
};

const keepAlive = setInterval(() => {}, 60_000);
const loadBefore = loadavg();
const results = [];
const notes = [];
let httpLoad;
let resourceSessions;
let contextTokens;
const core = await importBuilt("packages/core/dist/index.js");
const runner = await importBuilt("packages/cli-runner/dist/index.js");
if (core === null || runner === null) throw new Error("Build first: turbo run build");

try {
  const smallRepo = join(sandbox, "shop");
  execFileSync(process.execPath, [cliBin, "init", "--tools", "none", smallRepo], {
    env,
    stdio: "ignore",
  });
  writeFileSync(
    join(smallRepo, "openspec", "specs", "greeting.md"),
    "A file beside the specs, so listing them has something to skip.\n",
  );

  // warm-cli-call as every host runs it now (the CLI confined to the source, where this machine can),
  // and warm-cli-call-unconfined, the same without confinement, in the same run for comparison.
  if (wanted("warm-cli-call", "warm-cli-call-unconfined")) {
    results.push(await benchWarmCliCall(smallRepo, { confine: true }));
    results.push(await benchWarmCliCall(smallRepo, { confine: false }));
  }
  if (wanted("cold-cli-call")) {
    const catalog = core.createCatalog({ env });
    results.push(
      await benchColdToolCall({
        iterations: iterations(15),
        bin: cliBin,
        workdir: smallRepo,
        env,
        // `engine: "cli"`: the catalog answers a plain list from the files, which is native-list's
        // figure. The file under openspec/ written before each call makes every call a new
        // question, so the CLI runs each time instead of answering from the last run.
        coldCall: () => catalog.call("openspec_list", { workdir: smallRepo, engine: "cli" }),
        settle: () =>
          writeFileSync(
            join(smallRepo, "openspec", "specs", "greeting.md"),
            `A file beside the specs, written at ${performance.now()}.\n`,
          ),
        through: "core catalog: openspec_list with engine cli, a new question each call",
      }),
    );
    catalog.close();
  }
  if (wanted("cli-call-bursts") || wanted("concurrent-cli-calls")) {
    const twenty = generateRepository(TWENTY_CHANGE_REPOSITORY);
    try {
      await delay(200);
      if (wanted("cli-call-bursts")) results.push(await benchCliCallBursts(twenty));
      if (wanted("concurrent-cli-calls")) results.push(await benchConcurrentCliCalls(twenty));
    } finally {
      rmSync(twenty, { recursive: true, force: true });
    }
  }
  if (wanted("context-speed") || wanted("context-size") || wanted("spec-parser-speed")) {
    const shape = smoke
      ? { changes: 20, archived: 5, specs: 10, requirements: 4 }
      : LARGE_REPOSITORY;
    const big = generateRepository(shape);
    try {
      // Files written in the last timestamp tick are never trusted from cache; let them settle.
      await delay(200);
      if (wanted("context-speed") || wanted("context-size"))
        results.push(...benchContextFigures(big));
      if (wanted("spec-parser-speed")) results.push(await benchSpecParserSpeed(big));
    } finally {
      rmSync(big, { recursive: true, force: true });
    }
  }
  if (wanted("pathological-lines")) {
    results.push(
      await benchPathologicalLines({
        iterations: iterations(9),
        length: smoke ? 2_000 : 40_000,
        parser: await importBuilt("packages/spec-parser/dist/index.js"),
      }),
    );
  }
  if (wanted("http-load")) await benchHttpLoadFigures();
  if (wanted("native-list", "native-list-floor")) await benchNativeListFigures();
  if (wanted("validate-after-write")) await benchValidateAfterWrite();
  if (wanted("resource-sessions")) await benchResourceSessionFigures();
  if (
    wanted(
      "mcp-startup",
      "mcp-startup-2026-discover",
      "mcp-startup-2026-tools-list",
      "mcp-sdk-alone-startup",
    )
  )
    await benchMcpStartupFigures(smallRepo);
  if (wanted("bridge-round-trip")) await benchBridge(smallRepo);
  if (wanted("shell-cli-context")) await benchShellCliContext(smallRepo);
  if (wanted("context-tokens")) await benchContextTokenFigures();
} finally {
  clearInterval(keepAlive);
  rmSync(sandbox, { recursive: true, force: true });
}

async function benchWarmCliCall(workdir, { confine }) {
  // The stores stay closed, so the catalog's view of the repository is the folder alone.
  const callEnv = {
    ...env,
    OPENSPEC_AGENT_CONFINE: confine ? "auto" : "off",
    OPENSPEC_AGENT_ALLOW_STORES: "none",
  };
  const pool = runner.createOpenSpecPool({ env: callEnv });
  // Confined workers serve one source's view: warm them for this one.
  const view = confine ? { root: workdir, writable: false } : undefined;
  const warm = () => pool.warm(cliBin, view);
  // Through the catalog when core takes a pool (`pool` option); else through the runner itself.
  const catalog = core.createCatalog({ env: callEnv, pool });
  await warm();
  await catalog.call("openspec_list", { workdir });
  const throughCatalog = pool.stats().warm > 0;
  const listArgs = runner.listArgs({});
  const pooledCall = throughCatalog
    ? () => catalog.call("openspec_list", { workdir })
    : () =>
        runner.runOpenSpec({
          bin: cliBin,
          args: listArgs.args,
          workdir,
          env: callEnv,
          pool,
          ...(view ? { confine: view } : {}),
        });
  if (!throughCatalog) {
    notes.push(
      "warm-cli-call ran through runOpenSpec({ pool }): the core catalog does not take a pool yet.",
    );
  }
  try {
    const confined = confine && runner.findConfinement?.().ok === true;
    return await benchPooledToolCall({
      iterations: iterations(15),
      bin: cliBin,
      workdir,
      env,
      pooledCall,
      warm,
      ...(confine
        ? {}
        : {
            id: "warm-cli-call-unconfined",
            title:
              "CLI tool call on a warm worker with confinement off / raw openspec spawn (OPENSPEC_AGENT_CONFINE=off)",
          }),
      through: `${throughCatalog ? "core catalog: openspec_list" : "runOpenSpec({ pool }): list --json"}${confine ? (confined ? ", confined (bubblewrap)" : ", not confined: this host cannot") : ", unconfined"}`,
    });
  } finally {
    catalog.close();
    pool.close();
  }
}

// A catalog with a pool of its own making, as the MCP server has, listing the 20-change repository.
async function withPooledCatalog(workdir, measure) {
  const pool = runner.createOpenSpecPool({ env });
  const catalog = core.createCatalog({ env, pool });
  try {
    return await measure({
      bin: cliBin,
      workdir,
      env,
      call: () => catalog.call("openspec_list", { workdir }),
      settle: () => pool.warm(cliBin),
      through: "core catalog with a warm pool: openspec_list",
    });
  } finally {
    catalog.close();
    pool.close();
  }
}

function benchCliCallBursts(workdir) {
  return withPooledCatalog(workdir, (run) => benchBurst({ ...run, bursts: iterations(5) }));
}

function benchConcurrentCliCalls(workdir) {
  return withPooledCatalog(workdir, (run) => benchConcurrent({ ...run, rounds: iterations(3) }));
}

/**
 * context-speed and context-size run beside the artifacts package (`packages/artifacts/bench`),
 * in a process of their own: their cold figures empty the package's caches,
 * which it does not export.
 */
function benchContextFigures(big) {
  const script = fromRoot("packages/artifacts/bench/context.mjs");
  const output = execFileSync(
    process.execPath,
    [script, `--repository=${big}`, ...(smoke ? ["--smoke"] : [])],
    {
      // The same temporary folder as this process, where the big repository is.
      env: { ...env, TMPDIR: tmpdir() },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(output).results;
}

async function benchSpecParserSpeed(big) {
  const parser = await importBuilt("packages/spec-parser/dist/index.js");
  const theirs = await loadCliSpecParser(openspecRoot);
  const specsOf = (specsDir) =>
    readdirSync(specsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(specsDir, entry.name, "spec.md")))
      .map((entry) => ({
        id: entry.name,
        content: readFileSync(join(specsDir, entry.name, "spec.md"), "utf8"),
      }));
  // The generated specs, plus this repository's own, which use more of the format.
  const specs = [
    ...specsOf(join(big, "openspec", "specs")),
    ...specsOf(fromRoot("openspec/specs")),
  ];
  return benchSpecParser({
    iterations: iterations(15),
    specs,
    ours: (id, content) => {
      const parsed = parser.parseSpec(content);
      return parsed.ok ? parser.toCliSpecJson(id, parsed.value) : { failed: parsed.diagnostics };
    },
    theirs,
  });
}

async function benchMcpStartupFigures(cwd) {
  const serverBin = fromRoot("apps/mcp-server/bin/openspec-mcp.js");
  if (!existsSync(fromRoot("apps/mcp-server/dist/bin.js"))) {
    notes.push("mcp-startup skipped: apps/mcp-server is not built.");
    return;
  }
  const startup = await benchMcpStartup({ iterations: iterations(15), serverBin, env, cwd });
  results.push(startup);
  // The yardstick: the MCP SDK v2's own server with as many one-field tools and
  // none of the catalog, bundled by the same bundler and started the same way.
  const { bundleApp } = await import("../tooling/bundle/src/bundle-app.mjs");
  const yardstick = fromRoot("packages/mcp-host/bench");
  await bundleApp({
    root: yardstick,
    entries: {},
    cachedEntries: { "sdk-alone": "sdk-alone-server.mjs" },
  });
  results.push(
    await benchMcpStartup({
      iterations: iterations(15),
      serverBin: join(yardstick, "dist", "bundle", "sdk-alone.cjs"),
      env: { ...env, SDK_ALONE_TOOLS: String(startup.details.tools) },
      cwd,
      id: "mcp-sdk-alone-startup",
      title:
        "MCP SDK v2's own server, as many one-field tools, start to tools/list answer / node -e 0",
    }),
  );
  // A 2026-07-28 client: to server/discover and to its first tools/list.
  for (const modern of ["mcp-startup-2026-discover", "mcp-startup-2026-tools-list"]) {
    results.push(
      await benchMcpStartup({ iterations: iterations(15), serverBin, env, cwd, modern }),
    );
  }
}

async function benchShellCliContext(workdir) {
  const cliBin = fromRoot("apps/cli/bin/openspec-agent.js");
  if (!existsSync(fromRoot("apps/cli/dist/bundle/openspec-agent.bundle.cjs"))) {
    notes.push("shell-cli-context skipped: apps/cli is not built.");
    return;
  }
  // Registered as a user would, in the bench's own registry (OPENSPEC_AGENT_DB).
  execFileSync(process.execPath, [cliBin, "sources", "add", workdir, "--name", "shop", "--json"], {
    env,
    stdio: "ignore",
  });
  results.push(
    await benchCliContext({
      iterations: iterations(15),
      cliBin,
      source: "shop",
      env,
      cwd: workdir,
    }),
  );
}

/** A generated repository of `changes` active changes, a quarter as many archived and half as many specs. */
function repositoryOf(changes) {
  return generateRepository({
    changes,
    archived: Math.floor(changes / 4),
    specs: Math.floor(changes / 2),
    requirements: 4,
  });
}

// Not ratios like the others: load figures for the HTTP server, printed as tables of their own.
async function benchHttpLoadFigures() {
  if (!existsSync(fromRoot("apps/mcp-server/dist/bin.js"))) {
    notes.push("http-load skipped: apps/mcp-server is not built.");
    return;
  }
  httpLoad = [];
  const profileDir = argv.find((arg) => arg.startsWith("--http-load-cpu-prof="))?.split("=")[1];
  const revisions = (
    argv.find((arg) => arg.startsWith("--http-load-revisions="))?.split("=")[1] ?? "2025-11-25"
  ).split(",");
  const sizes = smoke ? [20] : listArg("http-load-changes", [1000, 10000]);
  for (const [changes, revision] of sizes.flatMap((size) => revisions.map((r) => [size, r]))) {
    const repository = repositoryOf(changes);
    try {
      // Files written in the last timestamp tick are never trusted from cache; let them settle.
      await delay(200);
      httpLoad.push(
        ...(await benchHttpLoad({
          root,
          env: { ...env, OPENSPEC_BIN: cliBin },
          repository,
          changes,
          revision,
          levels: smoke ? [1, 2] : listArg("http-load-levels", [1, 10, 50, 100]),
          seconds: smoke ? 2 : 20,
          maxCallsPerSession: smoke ? 11 : 200,
          serverNodeArguments: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
        })),
      );
    } finally {
      rmSync(repository, { recursive: true, force: true });
    }
  }
}

// openspec_list answered natively, against the raw CLI (1,000 changes) and the floor (10,000).
async function benchNativeListFigures() {
  const artifacts = await importBuilt("packages/artifacts/dist/index.js");
  const [small, large] = smoke ? [20, 40] : [1000, 10000];
  const thousand = { changes: small, root: repositoryOf(small) };
  const tenThousand = { changes: large, root: repositoryOf(large) };
  try {
    await delay(200);
    results.push(
      ...(await benchNativeList({
        core,
        artifacts,
        env,
        bin: cliBin,
        thousand,
        tenThousand,
        iterations: iterations(5),
      })),
    );
  } finally {
    rmSync(thousand.root, { recursive: true, force: true });
    rmSync(tenThousand.root, { recursive: true, force: true });
  }
}

// Validating everything right after one change was written, against a raw whole validation.
async function benchValidateAfterWrite() {
  const changes = smoke ? 20 : 1000;
  const root = repositoryOf(changes);
  try {
    await delay(200);
    const firstChange = readdirSync(join(root, "openspec/changes"))
      .filter((name) => name !== "archive")
      .sort()[0];
    results.push(
      ...(await benchValidateByChange({
        core,
        env,
        bin: cliBin,
        repository: { root, changes, firstChange },
        iterations: iterations(5),
      })),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// 50 sessions listing resources and subscribing at once (the reliability suite's resource-sessions check, docs/reliability.md).
async function benchResourceSessionFigures() {
  resourceSessions = await onServedLargeRepository("resource-sessions", (repository) =>
    benchResourceSessions({
      root,
      env: { ...env, OPENSPEC_BIN: cliBin },
      repository,
      sessions: smoke ? 2 : 50,
      subscriptionsPerSession: 20,
    }),
  );
}

/** Runs an HTTP server benchmark on a fresh large repository (a small one for `--smoke`), then removes it. */
async function onServedLargeRepository(id, run) {
  if (!existsSync(fromRoot("apps/mcp-server/dist/bin.js"))) {
    notes.push(`${id} skipped: apps/mcp-server is not built.`);
    return undefined;
  }
  const big = generateRepository(
    smoke ? { changes: 20, archived: 5, specs: 10, requirements: 4 } : LARGE_REPOSITORY,
  );
  try {
    await delay(200);
    return await run(big);
  } finally {
    rmSync(big, { recursive: true, force: true });
  }
}

// Token counts, not times: one measurement each, printed as their own table too.
async function benchContextTokenFigures() {
  const budget = await importBuilt("tooling/context-budget/dist/index.js");
  if (budget === null) {
    notes.push("context-tokens skipped: tooling/context-budget is not built.");
    return;
  }
  const shape = smoke ? { changes: 20, archived: 5, specs: 10, requirements: 4 } : LARGE_REPOSITORY;
  const big = generateRepository(shape);
  try {
    await delay(200);
    const measured = await benchContextTokens({
      budget,
      core,
      env,
      repository: big,
      changes: shape.changes,
      // biome-ignore lint/suspicious/noUndeclaredEnvVars: the bench is not a turbo task; this names a file to measure, not a build input.
      anchorPath: process.env.HERMES_OPENSPEC_SCHEMAS,
    });
    results.push(...measured.results);
    contextTokens = measured.table;
    if (measured.anchor.source === "recorded") {
      notes.push(
        "context-tokens: hermes-openspec's figure is the recorded one; set HERMES_OPENSPEC_SCHEMAS to its schemas.py to measure it in this run.",
      );
    }
  } finally {
    rmSync(big, { recursive: true, force: true });
  }
}

async function benchBridge(workdir) {
  const bridgeEntry = fromRoot("packages/hermes-host/dist/bridge.js");
  if (!existsSync(bridgeEntry)) {
    notes.push("bridge-round-trip skipped: packages/hermes-host is not built.");
    return;
  }
  const catalog = core.createCatalog({ env });
  const args = { workdir };
  try {
    results.push(
      await benchBridgeRoundTrip({
        iterations: iterations(101),
        bridgeEntry,
        env,
        cwd: workdir,
        tool: "openspec_spec_list",
        args,
        inProcess: () => catalog.call("openspec_spec_list", args),
      }),
    );
  } finally {
    catalog.close();
  }
}

const report = {
  date: new Date().toISOString(),
  smoke,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim(),
    node: process.version,
    loadBefore,
    loadAfter: loadavg(),
  },
  results,
  httpLoad,
  resourceSessions,
  contextTokens,
  notes,
};
if (!smoke) {
  mkdirSync(fromRoot("bench-results"), { recursive: true });
  writeFileSync(fromRoot("bench-results/latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  // The benchmark page and the README's summary are rewritten from what this run measured.
  const data = fromRoot(BENCHMARKS_DATA);
  writeBenchmarkData(data, mergeBenchmarkRun(readBenchmarkData(data), report));
  execFileSync(process.execPath, [fromRoot("scripts/generate-docs.mjs")], { stdio: "inherit" });
}
printTable(report);

function printTable({ machine, results: rows, notes: remarks }) {
  const format = (value, unit) => {
    if (value === null || value === undefined || Number.isNaN(value)) return "–";
    if (unit === "bytes") return `${(value / 1024).toFixed(1)} KB`;
    if (unit === "ms") return `${value.toFixed(2)} ms`;
    if (unit === "×") return `${value.toFixed(2)}×`;
    if (unit === "tokens") return `${value} tokens`;
    return value.toFixed(3);
  };
  const table = rows.map((row) => ({
    id: row.id,
    figure: row.title,
    median: format(row.value, row.unit),
    "p25–p75": row.spread
      ? `${format(row.spread.p25, row.unit)}–${format(row.spread.p75, row.unit)}`
      : "",
    "min–max": row.spread
      ? `${format(row.spread.min, row.unit)}–${format(row.spread.max, row.unit)}`
      : "",
    target: `${row.target.at === "most" ? "≤" : "≥"} ${format(row.target.value, row.unit)}`,
    met: smoke ? "–" : row.met ? "yes" : "NO",
  }));
  console.log(
    `openspec-agent benchmarks${smoke ? " (smoke run: one iteration, small repository)" : ""} — node ${machine.node}, ${machine.cpus} CPUs, load ${machine.loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${machine.loadAfter.map((l) => l.toFixed(2)).join(" ")} after`,
  );
  console.table(table);
  if (httpLoad !== undefined) {
    console.log(
      "http-load: concurrent MCP sessions over Streamable HTTP (127.0.0.1), mixed calls: cheap (status, one-change validate, context by token), whole repository (list, validate all), writes (task_set_status, change_write)",
    );
    console.table(
      httpLoad.flatMap((row) =>
        kindFigures(row).map((figures) => ({
          revision: row.revision,
          changes: row.changes,
          sessions: row.sessions,
          held: row.held,
          ...figures,
        })),
      ),
    );
    console.log("http-load per call: p50 / p99 ms (calls)");
    console.table(
      Object.fromEntries(
        httpLoad.map((row) => [
          `${row.revision}: ${row.changes} changes, ${row.sessions} sessions`,
          Object.fromEntries(
            Object.entries(row.perCall).map(([label, figures]) => [
              label,
              `${figures.p50.toFixed(0)} / ${figures.p99.toFixed(0)} (${figures.calls})`,
            ]),
          ),
        ]),
      ),
    );
    for (const row of httpLoad)
      for (const failure of row.failures)
        console.log(
          `http-load failure (${row.revision}) at ${row.changes} changes, ${row.sessions} sessions: ${failure}`,
        );
  }
  if (resourceSessions !== undefined) {
    const figures = resourceSessions;
    console.log(
      `resource-sessions: ${figures.sessions} MCP sessions listing ${figures.resources} resources and making ${figures.subscribed} subscriptions at once`,
    );
    console.table(Object.fromEntries(resourceSessionRows(figures, { atRest: true })));
  }
  if (contextTokens !== undefined) {
    console.log("context-tokens: tokens (o200k) each host puts in front of a model");
    console.table(contextTokens);
  }
  for (const remark of remarks) console.log(`note: ${remark}`);
  if (!smoke) console.log("written to bench-results/latest.json and docs/benchmarks.md");
}
