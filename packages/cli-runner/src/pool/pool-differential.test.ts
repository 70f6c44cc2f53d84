import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildChildEnv } from "../build-child-env.js";
import {
  type BoundedSpawnOutcome,
  type BoundedSpawnRequest,
  spawnBounded,
} from "../spawn-bounded.js";
import { initRepo, REAL_CLI, writeCompleteChange } from "../test-support/real-cli.js";
import { useRealCliRepo } from "../test-support/real-cli-fixture.js";
import { createOpenSpecPool, launchInPool, type OpenSpecPool } from "./create-openspec-pool.js";

// Every command the catalog's CLI-backed tools run, once cold and once on a warm
// worker, compared byte for byte. A broken spec makes validate exit 1; so do an
// unknown item and instructions without a change.
const COMMANDS: Array<{ args: string[]; repo?: "fresh" }> = [
  { args: ["list", "--json"] },
  { args: ["list", "--specs", "--json"] },
  { args: ["show", "add-greeting", "--json", "--no-interactive"] },
  { args: ["show", "greeting", "--json", "--no-interactive", "--type", "spec"] },
  { args: ["show", "no-such-item", "--json", "--no-interactive"] },
  { args: ["validate", "--all", "--strict", "--json", "--no-interactive"] },
  {
    args: [
      "validate",
      "add-greeting",
      "--type",
      "change",
      "--strict",
      "--json",
      "--no-interactive",
    ],
  },
  { args: ["validate", "broken", "--type", "spec", "--strict", "--json", "--no-interactive"] },
  { args: ["validate", "no-such-change", "--type", "change", "--json", "--no-interactive"] },
  { args: ["status", "--json", "--change", "add-greeting"] },
  { args: ["instructions", "proposal", "--json", "--change", "add-greeting"] },
  { args: ["instructions", "proposal", "--json"], repo: "fresh" },
  { args: ["templates", "--json"] },
  { args: ["schema", "which", "--all", "--json"] },
];

// The same commands again on one worker, in two rounds (forwards, then backwards from
// another start) across repositories that differ (another change and spec; a project config
// whose unknown rule makes `instructions` warn on stderr once per process), so anything a
// command leaves behind in the worker would show in a later one. A third round forwards
// again would repeat the first round's neighbours.
describe("warm workers against cold spawns", () => {
  const cli = useRealCliRepo();
  const pools: OpenSpecPool[] = [];
  afterAll(() => {
    for (const pool of pools) pool.close();
  });

  type Repo = "main" | "other" | "ruled" | "fresh";
  let repos: Record<Repo, string> | undefined;
  const reposOnce = (): Record<Repo, string> => {
    if (repos !== undefined) return repos;
    writeCompleteChange(cli.repo, "add-greeting", "greeting");
    writeSpec(cli.repo, "greeting", GREETING);
    writeSpec(cli.repo, "broken", "# Broken\n");
    const other = initRepo(cli.sandbox, "other");
    writeCompleteChange(other, "add-farewell", "farewell");
    const ruled = initRepo(cli.sandbox, "ruled");
    writeCompleteChange(ruled, "add-greeting", "greeting");
    writeFileSync(
      join(ruled, "openspec", "config.yaml"),
      "schema: spec-driven\nrules:\n  nosuch:\n    - Be brief\n",
    );
    repos = { main: cli.repo, other, ruled, fresh: initRepo(cli.sandbox, "fresh") };
    return repos;
  };
  // None of these commands writes, so one cold run of each stands for every warm run of it.
  const colds = new Map<string, BoundedSpawnOutcome>();
  const coldRun = async (label: string, run: BoundedSpawnRequest) => {
    const cold = colds.get(label) ?? (await spawnBounded(run));
    colds.set(label, cold);
    return cold;
  };

  it("GIVEN a repository with a change and specs WHEN each catalog command runs both ways THEN stdout and stderr are byte-identical and the exit codes equal", async () => {
    const repo = reposOnce();
    const pool = createOpenSpecPool({ env: cli.sandbox.env });
    pools.push(pool);

    const compared = [];
    for (const command of COMMANDS) {
      const where = command.repo ?? "main";
      const run = request(cli.sandbox.env, command.args, repo[where]);
      const label = `${where}: ${command.args.join(" ")}`;
      const [cold] = await Promise.all([coldRun(label, run), pool.warm(REAL_CLI)]);
      const warm = await launchInPool(pool, REAL_CLI, run);
      compared.push({ args: command.args, cold, warm });
    }

    for (const { args, cold, warm } of compared) {
      expect(warm && withoutTimings(warm), args.join(" ")).toEqual(withoutTimings(cold));
    }
    expect(compared.map(({ cold }) => cold.kind === "finished" && cold.exitCode)).toEqual([
      0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0,
    ]);
    expect(pool.stats()).toMatchObject({ warm: COMMANDS.length, cold: 0, fallbacks: 0 });
  });

  it("GIVEN commands interleaved across repositories, each run twice WHEN one worker serves them in sequence THEN every run is byte-identical to a cold run and the worker is replaced only after a run that wrote to stderr or failed", async () => {
    const repo = reposOnce();
    const runs: Array<{ args: string[]; repo: Repo }> = [
      ...COMMANDS.map(({ args, repo }) => ({ args, repo: repo ?? ("main" as const) })),
      { args: ["list", "--json"], repo: "other" },
      { args: ["show", "add-farewell", "--json", "--no-interactive"], repo: "other" },
      { args: ["validate", "--all", "--strict", "--json", "--no-interactive"], repo: "other" },
      { args: ["instructions", "proposal", "--json", "--change", "add-greeting"], repo: "ruled" },
      { args: ["status", "--json", "--change", "add-greeting"], repo: "ruled" },
    ];
    const pool = createOpenSpecPool({ env: cli.sandbox.env, size: 1 });
    pools.push(pool);
    await pool.warm(REAL_CLI);

    const compared = [];
    for (let round = 0; round < 2; round += 1) {
      // Forwards from the first, then backwards from the sixth.
      const step = round === 1 ? -1 : 1;
      const order = runs.map(
        (_, i) => runs[(i * step + round * 5 + runs.length * 2) % runs.length],
      );
      for (const run of order) {
        if (run === undefined) continue;
        const label = `${run.repo}: ${run.args.join(" ")}`;
        const req = request(cli.sandbox.env, run.args, repo[run.repo]);
        const warm = await launchInPool(pool, REAL_CLI, req);
        const cold = await coldRun(label, req);
        compared.push({ label, cold, warm });
      }
    }

    for (const { label, cold, warm } of compared) {
      expect(warm && withoutTimings(warm), label).toEqual(withoutTimings(cold));
    }
    const stats = pool.stats();
    expect(stats).toMatchObject({ warm: compared.length, cold: 0, fallbacks: 0 });
    const endings = compared.filter(
      ({ cold }) => cold.kind === "finished" && (cold.stderr !== "" || cold.exitCode !== 0),
    ).length;
    expect(stats.started).toBeLessThanOrEqual(1 + endings);
    expect(stats.started).toBeLessThan(compared.length / 2);
  }, 300_000);
});

// A validation with its type given skips, on a warm worker, the listing of specs it does not
// use, when that listing cannot fail: here it fails (the specs folder is a file; a linked
// spec.md leads out of its capability) or follows links (dangling, and kept inside).
describe("typed validations on a warm worker where the listing of specs fails or follows links", () => {
  const cli = useRealCliRepo();
  let pool: OpenSpecPool | undefined;
  afterAll(() => pool?.close());

  it("GIVEN repositories whose specs folder is a file, or has a linked spec.md leading out, dangling or kept inside WHEN a change and a spec are validated by type both ways THEN stdout and stderr are byte-identical and the exit codes equal", async () => {
    const outside = cli.sandbox.makeDir("outside");
    writeFileSync(join(outside, "spec.md"), GREETING);
    const repos = {
      "specs folder is a file": (repo: string) => {
        rmSync(join(repo, "openspec", "specs"), { recursive: true, force: true });
        writeFileSync(join(repo, "openspec", "specs"), "not a folder\n");
      },
      "linked spec.md leads out": (repo: string) => {
        mkdirSync(join(repo, "openspec", "specs", "linked"), { recursive: true });
        symlinkSync(join(outside, "spec.md"), join(repo, "openspec", "specs", "linked", "spec.md"));
      },
      "linked spec.md dangles": (repo: string) => {
        mkdirSync(join(repo, "openspec", "specs", "linked"), { recursive: true });
        symlinkSync(join(outside, "gone.md"), join(repo, "openspec", "specs", "linked", "spec.md"));
      },
      "linked spec.md stays inside": (repo: string) => {
        writeSpec(repo, "linked", GREETING);
        renameSync(
          join(repo, "openspec", "specs", "linked", "spec.md"),
          join(repo, "openspec", "specs", "linked", "source.md"),
        );
        symlinkSync("source.md", join(repo, "openspec", "specs", "linked", "spec.md"));
      },
    };
    pool = createOpenSpecPool({ env: cli.sandbox.env, size: 1 });
    await pool.warm(REAL_CLI);

    const compared = [];
    for (const [label, shape] of Object.entries(repos)) {
      const repo = initRepo(cli.sandbox, label.replaceAll(" ", "-"));
      writeCompleteChange(repo, "add-greeting", "greeting");
      if (label !== "specs folder is a file") writeSpec(repo, "greeting", GREETING);
      shape(repo);
      for (const args of [
        ["validate", "add-greeting", "--type", "change", "--strict", "--json", "--no-interactive"],
        ["validate", "greeting", "--type", "spec", "--strict", "--json", "--no-interactive"],
      ]) {
        const run = request(cli.sandbox.env, args, repo);
        const warm = await launchInPool(pool, REAL_CLI, run);
        const cold = await spawnBounded(run);
        compared.push({ label: `${label}: ${args[1]}`, cold, warm });
      }
    }

    for (const { label, cold, warm } of compared) {
      expect(warm && withoutTimings(warm), label).toEqual(withoutTimings(cold));
    }
    // The listing's failures reach the answer: both validations fail where it fails.
    expect(
      compared.map(({ label, cold }) => [label, cold.kind === "finished" && cold.exitCode]),
    ).toEqual([
      ["specs folder is a file: add-greeting", 1],
      ["specs folder is a file: greeting", 1],
      ["linked spec.md leads out: add-greeting", 1],
      ["linked spec.md leads out: greeting", 1],
      ["linked spec.md dangles: add-greeting", 0],
      ["linked spec.md dangles: greeting", 0],
      ["linked spec.md stays inside: add-greeting", 0],
      ["linked spec.md stays inside: greeting", 0],
    ]);
  }, 300_000);
});

function request(env: Record<string, string>, args: string[], cwd: string): BoundedSpawnRequest {
  return {
    file: REAL_CLI,
    args,
    cwd,
    env: buildChildEnv(env),
    timeoutMs: 60_000,
    maxOutputBytes: 1024 * 1024,
    killGraceMs: 1000,
  };
}

function writeSpec(repo: string, id: string, content: string): void {
  const folder = join(repo, "openspec", "specs", id);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "spec.md"), content);
}

// validate reports how long each item took; nothing else differs between runs.
function withoutTimings(outcome: BoundedSpawnOutcome): BoundedSpawnOutcome {
  if (outcome.kind !== "finished") return outcome;
  return { ...outcome, stdout: outcome.stdout.replace(/"durationMs": \d+/g, '"durationMs": 0') };
}

const GREETING = `# Greeting

## Purpose

Greet every person who arrives, by name when the system knows it.

## Requirements

### Requirement: Greeting
The system SHALL greet the user.

#### Scenario: User arrives
- **WHEN** the user arrives
- **THEN** the system greets them
`;
