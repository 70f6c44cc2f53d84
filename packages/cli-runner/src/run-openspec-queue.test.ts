import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRunLimiter } from "./create-run-limiter.js";
import { runOpenSpec } from "./run-openspec.js";
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
  const run = (bin: string, extra = {}) =>
    runOpenSpec({
      bin,
      args: ["list", "--json"],
      workdir: box.current.makeDir("repo"),
      env: box.current.env,
      ...extra,
    });

  it("GIVEN a limit of 2 WHEN six runs are in flight THEN never more than two CLI processes run at once, and every run succeeds", async () => {
    const { bin, events } = loggingBin();
    const limiter = createRunLimiter(2);

    const results = await Promise.all(Array.from({ length: 6 }, () => run(bin, { limiter })));

    expect(results.every((result) => result.ok)).toBe(true);
    let running = 0;
    let most = 0;
    for (const event of events()) {
      running += event.startsWith("start") ? 1 : -1;
      most = Math.max(most, running);
    }
    expect(most).toBe(2);
    expect(limiter.stats()).toEqual({ running: 0, queued: 0 });
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
});
