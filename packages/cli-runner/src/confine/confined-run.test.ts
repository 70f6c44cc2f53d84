import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findConfinement } from "@org/openspec-confine";
import { afterAll, describe, expect, it } from "vitest";
import { createOpenSpecPool, type OpenSpecPool } from "../pool/create-openspec-pool.js";
import type { RunOpenSpecOptions } from "../run-openspec.js";
import type { RunResult } from "../run-result.js";
import { initRepo, REAL_CLI, writeCompleteChange } from "../test-support/real-cli.js";
import { useRealCliRepo } from "../test-support/real-cli-fixture.js";

const confinable = findConfinement().ok;

// What the catalog's tools run, read-only; each answer confined (cold and warm) must equal the unconfined one.
const READS: string[][] = [
  ["list", "--json"],
  ["list", "--specs", "--json"],
  ["show", "add-greeting", "--json", "--no-interactive"],
  ["show", "no-such-item", "--json", "--no-interactive"],
  ["validate", "--all", "--strict", "--json", "--no-interactive"],
  ["validate", "add-greeting", "--type", "change", "--strict", "--json", "--no-interactive"],
  ["status", "--json", "--change", "add-greeting"],
  ["instructions", "proposal", "--json", "--change", "add-greeting"],
  ["templates", "--json"],
  ["schema", "which", "--all", "--json"],
];

/** The parts of an answer a user reads; validate's timings vary run to run. */
function answer(result: RunResult) {
  return {
    ok: result.ok,
    exit_code: result.exit_code,
    stdout: JSON.stringify(result.stdout).replace(/"durationMs":\d+/g, '"durationMs":0'),
    stderr: result.stderr,
    command: result.command,
  };
}

describe.skipIf(!confinable)("the CLI confined to its repository", () => {
  const cli = useRealCliRepo();
  let pool: OpenSpecPool | undefined;
  afterAll(() => pool?.close());

  // The unconfined answers come from a warm worker of their own: warm equals cold for each of
  // these reads (pool-differential.test.ts), and a cold start per read would double the test.
  it("GIVEN a repository with a change and a spec WHEN each read runs unconfined on a warm worker, confined cold and confined warm THEN the three answers are identical, command included, and the confined warm ones ran on a worker", async () => {
    writeCompleteChange(cli.repo, "add-greeting", "greeting");
    const view = { root: cli.repo, writable: false };
    pool = createOpenSpecPool({ env: cli.sandbox.env, size: 1 });
    const unconfined = createOpenSpecPool({ env: cli.sandbox.env, size: 1 });
    try {
      const [confinedWarmed] = await Promise.all([
        pool.warm(REAL_CLI, view),
        unconfined.warm(REAL_CLI),
      ]);
      expect(confinedWarmed).toBe(true);
      const rows = [];
      for (const args of READS) {
        const plain = await cli.run(args, { pool: unconfined });
        const cold = await cli.run(args, { confine: view });
        const warm = await cli.run(args, { confine: view, pool });
        rows.push({
          args: args.join(" "),
          plain: answer(plain),
          cold: answer(cold),
          warm: answer(warm),
        });
      }
      for (const row of rows) {
        expect(row.cold, `${row.args} (cold)`).toEqual(row.plain);
        expect(row.warm, `${row.args} (warm)`).toEqual(row.plain);
      }
      expect(unconfined.stats()).toMatchObject({ warm: READS.length, cold: 0, fallbacks: 0 });
      expect(pool.stats()).toMatchObject({ warm: READS.length, cold: 0, fallbacks: 0 });
    } finally {
      unconfined.close();
    }
  }, 300_000);

  it("GIVEN a writable view WHEN `new change` runs confined, cold and warm THEN both changes are created in the repository", async () => {
    const repo = initRepo(cli.sandbox, "writes");
    const view = { root: repo, writable: true };
    const local = createOpenSpecPool({ env: cli.sandbox.env, size: 1 });
    try {
      await local.warm(REAL_CLI, view);
      const cold = await cli.run(["new", "change", "cold-one"], { workdir: repo, confine: view });
      const warm = await cli.run(["new", "change", "warm-one"], {
        workdir: repo,
        confine: view,
        pool: local,
      });
      expect([cold.ok, warm.ok]).toEqual([true, true]);
      expect(local.stats().warm).toBe(1);
      expect(readdirSync(join(repo, "openspec", "changes")).sort()).toEqual([
        "archive",
        "cold-one",
        "warm-one",
      ]);
    } finally {
      local.close();
    }
  }, 120_000);

  it("GIVEN a read-only view WHEN `new change` runs confined THEN it fails and writes nothing", async () => {
    const repo = initRepo(cli.sandbox, "read-only");
    const result = await cli.run(["new", "change", "blocked"], {
      workdir: repo,
      confine: { root: repo, writable: false },
    });
    expect(result.ok).toBe(false);
    expect(existsSync(join(repo, "openspec", "changes", "blocked"))).toBe(false);
  }, 120_000);

  it("GIVEN a repository whose openspec/ has no markers inside a parent OpenSpec project WHEN it is listed confined THEN the parent's changes are not in the answer, and `new change` writes nothing into the parent", async () => {
    const parent = initRepo(cli.sandbox, "parent");
    writeCompleteChange(parent, "parents-change", "parents");
    const nested = join(parent, "nested");
    mkdirSync(join(nested, "openspec"), { recursive: true });
    writeFileSync(join(nested, "openspec", "README.md"), "no markers here\n");

    const unconfined = await cli.run(["list", "--json"], { workdir: nested });
    const confined = await cli.run(["list", "--json"], {
      workdir: nested,
      confine: { root: nested, writable: false },
    });
    const written = await cli.run(["new", "change", "x"], {
      workdir: nested,
      confine: { root: nested, writable: true },
    });

    // Unconfined, the CLI walks up to the parent: the case the view exists for.
    expect(JSON.stringify(unconfined.stdout)).toContain("parents-change");
    expect(JSON.stringify(confined.stdout ?? "") + confined.stderr).not.toContain("parents-change");
    expect(JSON.stringify(confined.stdout ?? "") + confined.stderr).not.toContain(
      parent.concat('"'),
    );
    expect(written.ok).toBe(true);
    expect(existsSync(join(parent, "openspec", "changes", "x"))).toBe(false);
  }, 120_000);

  it("GIVEN workers warm for repository A WHEN repository B is run THEN its first run goes cold and leaves A's worker alone, its second also aims a worker at B, and A's worker never serves B", async () => {
    const a = initRepo(cli.sandbox, "view-a");
    const b = initRepo(cli.sandbox, "view-b");
    writeCompleteChange(a, "only-in-a", "a");
    writeCompleteChange(b, "only-in-b", "b");
    const local = createOpenSpecPool({ env: cli.sandbox.env, size: 1 });
    try {
      await local.warm(REAL_CLI, { root: a, writable: false });
      const list = (root: string) =>
        cli.run(["list", "--json"], {
          workdir: root,
          confine: { root, writable: false },
          pool: local,
        });
      const first = await list(b);
      const afterFirst = local.stats();
      const second = await list(b);
      const afterSecond = local.stats();
      await waitForWorker(local);
      const third = await list(b);
      const afterThird = local.stats();
      const againA = await list(a);
      expect(
        [first, second, third].map((r) => JSON.stringify(r.stdout).includes("only-in-b")),
      ).toEqual([true, true, true]);
      expect(JSON.stringify(againA.stdout)).toContain("only-in-a");
      // A folder asked about once costs its cold run only: no worker started, none killed.
      expect(afterFirst).toMatchObject({ warm: 0, cold: 1, started: 1, retargeted: 0 });
      expect(afterSecond).toMatchObject({ warm: 0, cold: 2, started: 2, retargeted: 1 });
      expect(afterThird).toMatchObject({ warm: 1, cold: 2 });
    } finally {
      local.close();
    }
  }, 120_000);

  it("GIVEN a view whose worker is on its way WHEN the same workdir is run with another writable mode THEN it is not served by that worker", async () => {
    const repo = initRepo(cli.sandbox, "modes");
    const local = createOpenSpecPool({ env: cli.sandbox.env, size: 1 });
    try {
      await local.warm(REAL_CLI, { root: repo, writable: false });
      const options: Partial<RunOpenSpecOptions> = {
        workdir: repo,
        confine: { root: repo, writable: true },
        pool: local,
      };
      const written = await cli.run(["new", "change", "by-writer"], options);
      expect(written.ok).toBe(true);
      expect(local.stats()).toMatchObject({ warm: 0, cold: 1 });
    } finally {
      local.close();
    }
  }, 120_000);
});

describe("confineMode", () => {
  const cli = useRealCliRepo();

  it("GIVEN `off` WHEN a run is given a view THEN it runs unconfined: the parent of a marker-less repository is reached, as without a view", async () => {
    const parent = initRepo(cli.sandbox, "off-parent");
    writeCompleteChange(parent, "parents-change", "parents");
    const nested = join(parent, "nested");
    mkdirSync(join(nested, "openspec"), { recursive: true });
    const result = await cli.run(["list", "--json"], {
      workdir: nested,
      confine: { root: nested, writable: false },
      confineMode: "off",
    });
    expect(JSON.stringify(result.stdout)).toContain("parents-change");
  }, 120_000);

  it.skipIf(confinable)(
    "GIVEN `required` on a host that cannot confine WHEN a run is given a view THEN it answers confinement_unavailable and starts nothing",
    async () => {
      const result = await cli.run(["list", "--json"], {
        confine: { root: cli.repo, writable: false },
        confineMode: "required",
      });
      expect(result).toMatchObject({ ok: false, code: "confinement_unavailable", exit_code: null });
    },
  );
});

/** Waits until the pool has a worker waiting; fails naming it after 60 s. */
async function waitForWorker(pool: OpenSpecPool): Promise<void> {
  for (let tries = 0; tries < 600; tries += 1) {
    if (pool.stats().waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("Waited 60 s for the pool to start a worker for the second repository.");
}
