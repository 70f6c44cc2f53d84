import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createRunLimiter } from "./create-run-limiter.js";
import { runOpenSpec } from "./run-openspec.js";
import type { RunProgress } from "./run-progress.js";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { useSandbox } from "./test-support/sandbox.js";

describe("runOpenSpec behind a limiter", () => {
  const box = useSandbox("each");
  // Logs its start and end, half a second apart, to a shared file.
  const loggingBin = () => {
    const log = join(box.current.root, "runs.log");
    const bin = writeFakeBin(
      box.current.makeDir("bin"),
      "openspec",
      `echo "start $$" >> ${JSON.stringify(log)}\nsleep 0.5\necho "end $$" >> ${JSON.stringify(log)}\necho '{"changes":[]}'`,
    );
    return { bin, events: () => readFileSync(log, "utf8").trim().split("\n") };
  };
  // Logs `start <command>-<first argument>`, then runs until a gate file of that name appears.
  const gatedBin = () => {
    const log = join(box.current.root, "gated.log");
    const gates = box.current.makeDir("gates");
    const bin = writeFakeBin(
      box.current.makeDir("gated-bin"),
      "openspec",
      [
        `tag="$1-$2"`,
        `echo "start $tag" >> ${JSON.stringify(log)}`,
        `while [ ! -e ${JSON.stringify(gates)}/"$tag" ]; do sleep 0.02; done`,
        `echo "end $tag" >> ${JSON.stringify(log)}`,
        `echo '{}'`,
      ].join("\n"),
    );
    const events = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
    return {
      bin,
      events,
      release: (tag: string) => writeFileSync(join(gates, tag), ""),
      // Fails, naming what it waited for, well before the runner's own timeout (a run that never starts).
      until: async (seen: (events: string[]) => boolean) => {
        const deadline = Date.now() + 60_000;
        while (!seen(events())) {
          if (Date.now() > deadline)
            throw new Error(`no run event satisfied ${seen} within 60 s; events: ${events()}`);
          await sleep(20);
        }
      },
    };
  };
  const run = (bin: string, extra = {}) =>
    runOpenSpec({
      bin,
      args: ["list", "--json"],
      workdir: box.current.makeDir("repo"),
      env: box.current.env,
      ...extra,
    });

  it("GIVEN a limit of 2 WHEN six runs of one item each are in flight THEN never more than two CLI processes run at once, and every run succeeds", async () => {
    const { bin, events } = loggingBin();
    const limiter = createRunLimiter(2);

    const results = await Promise.all(
      Array.from({ length: 6 }, () => run(bin, { limiter, args: ["show", "add-auth", "--json"] })),
    );

    expect(results.every((result) => result.ok)).toBe(true);
    let running = 0;
    let most = 0;
    for (const event of events()) {
      running += event.startsWith("start") ? 1 : -1;
      most = Math.max(most, running);
    }
    expect(most).toBe(2);
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("GIVEN runs queued longer than their timeout WHEN each gets its turn THEN none times out: the timeout counts from the start of the run, not from the queueing", async () => {
    const { bin } = loggingBin();
    const limiter = createRunLimiter(1);

    // The last of eight waits 3.5 s or more for its turn; each run takes about 0.5 s.
    const results = await Promise.all(
      Array.from({ length: 8 }, () => run(bin, { limiter, timeoutMs: 3000 })),
    );

    expect(results.map((result) => result.ok)).toEqual(Array(8).fill(true));
    expect(Math.max(...results.map((result) => result.duration_ms))).toBeGreaterThan(3000);
  });

  it("GIVEN two slots and two whole-repository runs asked first WHEN a one-change call follows THEN it starts before the second whole-repository run", async () => {
    const cli = gatedBin();
    const limiter = createRunLimiter(2);

    const changes = run(cli.bin, { limiter, args: ["list", "--changes", "--json"] });
    await cli.until((events) => events.includes("start list---changes"));
    const specs = run(cli.bin, { limiter, args: ["list", "--specs", "--json"] });
    const show = run(cli.bin, { limiter, args: ["show", "add-auth", "--json"] });
    await cli.until((events) => events.length > 1);

    expect(cli.events()).toEqual(["start list---changes", "start show-add-auth"]);
    cli.release("show-add-auth");
    expect((await show).ok).toBe(true);
    expect(cli.events()).not.toContain("start list---specs");
    cli.release("list---changes");
    cli.release("list---specs");
    expect((await changes).ok && (await specs).ok).toBe(true);
    expect(cli.events().slice(-2)).toEqual(["start list---specs", "end list---specs"]);
  });

  it("GIVEN two slots and one token whose two runs hang WHEN another token asks THEN its run starts before either hung run ends", async () => {
    const cli = gatedBin();
    const limiter = createRunLimiter(2);

    const validate = run(cli.bin, {
      limiter,
      caller: "token:a",
      args: ["validate", "hung-change", "--type", "change", "--json"],
    });
    await cli.until((events) => events.includes("start validate-hung-change"));
    const list = run(cli.bin, { limiter, caller: "token:a", args: ["list", "--json"] });
    await cli.until((events) => events.includes("start list---json"));
    const show = run(cli.bin, {
      limiter,
      caller: "token:b",
      args: ["show", "add-auth", "--json"],
    });
    await cli.until((events) => events.includes("start show-add-auth"));

    expect(cli.events()).toEqual([
      "start validate-hung-change",
      "start list---json",
      "start show-add-auth",
    ]);
    cli.release("show-add-auth");
    expect((await show).ok).toBe(true);
    expect(cli.events().slice(-1)).toEqual(["end show-add-auth"]);
    cli.release("validate-hung-change");
    cli.release("list---json");
    expect((await validate).ok && (await list).ok).toBe(true);
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0, overflow: 0 });
  });

  it("GIVEN two slots and one token alone with a whole-repository run in progress WHEN it asks about one change THEN that run starts before the whole-repository run ends", async () => {
    const cli = gatedBin();
    const limiter = createRunLimiter(2);

    const list = run(cli.bin, { limiter, caller: "token:a", args: ["list", "--json"] });
    await cli.until((events) => events.includes("start list---json"));
    const status = run(cli.bin, {
      limiter,
      caller: "token:a",
      args: ["status", "--change", "add-auth", "--json"],
    });
    await cli.until((events) => events.length > 1);

    expect(cli.events()).toEqual(["start list---json", "start status---change"]);
    cli.release("status---change");
    expect((await status).ok).toBe(true);
    cli.release("list---json");
    expect((await list).ok).toBe(true);
    expect(cli.events()).toEqual([
      "start list---json",
      "start status---change",
      "end status---change",
      "end list---json",
    ]);
  });

  it("GIVEN a call waiting for its turn WHEN its client cancels THEN it answers cancelled at once, nothing starts for it, and the call behind it moves up and hears its place and wait", async () => {
    const cli = gatedBin();
    const limiter = createRunLimiter(1);
    const first = run(cli.bin, { limiter, args: ["show", "first", "--json"] });
    await cli.until((events) => events.includes("start show-first"));

    const controller = new AbortController();
    const heardCancelled: RunProgress[] = [];
    const cancelled = run(cli.bin, {
      limiter,
      args: ["show", "second", "--json"],
      signal: controller.signal,
      onProgress: (progress: RunProgress) => heardCancelled.push(progress),
    });
    // A run checks its binary and workdir before it queues: the third waits until the
    // second is in line, or it could queue first.
    while (heardCancelled.length === 0) await sleep(20);
    const heardLast: RunProgress[] = [];
    const last = run(cli.bin, {
      limiter,
      args: ["show", "third", "--json"],
      onProgress: (progress: RunProgress) => heardLast.push(progress),
      progressIntervalMs: 20,
    });
    while (heardLast.length === 0) await sleep(20);

    expect(heardCancelled[0]).toMatchObject({
      stage: "waiting",
      queue_position: 1,
      message: "waiting to run openspec show second: number 1 in line, waited 0.0 s",
    });
    expect(heardLast[0]).toMatchObject({ stage: "waiting", queue_position: 2 });
    controller.abort();
    expect(await cancelled).toMatchObject({ ok: false, code: "cancelled", exit_code: null });
    expect(cli.events()).toEqual(["start show-first"]);
    expect(limiter.stats()).toMatchObject({ running: 1, queued: 1 });
    const heardBefore = heardLast.length;
    while (heardLast.length === heardBefore) await sleep(20);
    expect(heardLast.at(-1)).toMatchObject({ stage: "waiting", queue_position: 1 });

    cli.release("show-first");
    cli.release("show-third");
    expect((await first).ok && (await last).ok).toBe(true);
    expect(cli.events()).toEqual([
      "start show-first",
      "end show-first",
      "start show-third",
      "end show-third",
    ]);
    const started = heardLast.find((progress) => progress.stage === "started");
    const waits = heardLast.filter((progress) => progress.stage === "waiting");
    expect(started?.waited_ms).toBeGreaterThanOrEqual(waits.at(-1)?.waited_ms ?? 0);
  });
});
