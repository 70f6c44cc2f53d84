import { afterAll, describe, expect, it } from "vitest";
import { benchBurst, benchConcurrent } from "../../../bench/cli-call-bursts.mjs";
import { benchColdToolCall, benchPooledToolCall } from "../../../bench/cli-tool-call.mjs";
import { listArgs } from "./builders/list-args.js";
import { createRunLimiter } from "./create-run-limiter.js";
import { createOpenSpecPool, type OpenSpecPool } from "./pool/create-openspec-pool.js";
import { type RunOpenSpecOptions, runOpenSpec } from "./run-openspec.js";
import { REAL_CLI } from "./test-support/real-cli.js";
import { useRealCliRepo } from "./test-support/real-cli-fixture.js";

// A smoke run of the warm and cold CLI call benchmarks (`pnpm bench`): one iteration
// each, to show they run and measure what they claim. No timing is asserted.
describe("the CLI call benchmarks, smoke run", () => {
  const cli = useRealCliRepo();
  // One pool for the file: cli-call-bursts and concurrent-cli-calls settle it warm again before they time anything, so the
  // workers warm-cli-call started serve them too instead of two more CLI starts.
  let shared: OpenSpecPool | undefined;
  const pool = () => {
    shared ??= createOpenSpecPool({ env: cli.sandbox.env });
    return shared;
  };
  afterAll(() => shared?.close());
  const list = () => {
    const built = listArgs({});
    if (!built.ok) throw new Error(built.error);
    return built.args;
  };
  // `openspec list --json` in the fixture's repository, as a tool runs it.
  const listCall = (extra: Partial<RunOpenSpecOptions> = {}) =>
    runOpenSpec({ bin: REAL_CLI, args: list(), workdir: cli.repo, env: cli.sandbox.env, ...extra });
  const sane = (result: { value: number; details: Record<string, unknown> }) => {
    expect(Number.isFinite(result.value) && result.value > 0).toBe(true);
    expect(result.details.rawSpawnMs).toBeGreaterThan(0);
    expect(result.details.toolCallMs).toBeGreaterThan(0);
  };

  it("GIVEN a warm pool WHEN warm-cli-call runs once THEN it reports a ratio of a pooled call to a raw spawn", async () => {
    const warmBefore = pool().stats().warm;
    const result = await benchPooledToolCall({
      iterations: 1,
      bin: REAL_CLI,
      workdir: cli.repo,
      env: cli.sandbox.env,
      warm: () => pool().warm(REAL_CLI),
      pooledCall: () => listCall({ pool: pool() }),
    });

    expect(result).toMatchObject({
      id: "warm-cli-call",
      unit: "ratio",
      target: { at: "most", value: 0.2 },
    });
    sane(result);
    expect(pool().stats()).toMatchObject({ warm: warmBefore + 2, fallbacks: 0 });
  });

  it("GIVEN no pool WHEN cold-cli-call runs once THEN it reports a ratio of a cold call to a raw spawn", async () => {
    const result = await benchColdToolCall({
      iterations: 1,
      bin: REAL_CLI,
      workdir: cli.repo,
      env: cli.sandbox.env,
      coldCall: () => listCall(),
    });

    expect(result).toMatchObject({
      id: "cold-cli-call",
      unit: "ratio",
      target: { at: "most", value: 1.05 },
    });
    sane(result);
  });

  it("GIVEN a warm pool WHEN cli-call-bursts runs one short burst and concurrent-cli-calls one round THEN each reports its ratio to a raw spawn", async () => {
    const warmBefore = pool().stats().warm;
    const limiter = createRunLimiter(2);
    const run = {
      bin: REAL_CLI,
      workdir: cli.repo,
      env: cli.sandbox.env,
      settle: () => pool().warm(REAL_CLI),
      call: () => listCall({ pool: pool(), limiter }),
    };

    const burst = await benchBurst({ ...run, bursts: 1, burst: 3 });
    const fan = await benchConcurrent({ ...run, rounds: 1, concurrent: 4 });

    expect(burst).toMatchObject({
      id: "cli-call-bursts",
      unit: "ratio",
      target: { at: "most", value: 0.3 },
    });
    expect(fan).toMatchObject({
      id: "concurrent-cli-calls",
      unit: "ratio",
      target: { at: "most", value: 2 },
    });
    for (const result of [burst, fan]) {
      expect(Number.isFinite(result.value) && result.value > 0).toBe(true);
      expect((result.details as Record<string, unknown>).rawSpawnMs).toBeGreaterThan(0);
    }
    expect(pool().stats().warm - warmBefore).toBeGreaterThanOrEqual(4);
  });
});
