import { describe, expect, it } from "vitest";
import {
  createRunLimiter,
  defaultCliConcurrency,
  MAX_CLI_CONCURRENCY,
} from "./create-run-limiter.js";

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("createRunLimiter", () => {
  it("GIVEN a limit of 2 WHEN five tasks arrive at once THEN two run, three wait, and each waiting one starts, in arrival order, as a slot frees", async () => {
    const limiter = createRunLimiter(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.stats()).toEqual({ running: 2, queued: 3 });

    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);

    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.stats()).toEqual({ running: 0, queued: 0 });
  });

  it("GIVEN a task that throws WHEN it ends THEN its slot goes to the next task and the error reaches its caller", async () => {
    const limiter = createRunLimiter(1);
    const failing = limiter.run(async () => {
      throw new Error("broken run");
    });
    const next = limiter.run(async () => "ran");

    await expect(failing).rejects.toThrow("broken run");
    expect(await next).toBe("ran");
    expect(limiter.stats()).toEqual({ running: 0, queued: 0 });
  });

  it("GIVEN no limit WHEN created THEN it allows one run per core, within the bound", () => {
    const limit = createRunLimiter().limit;
    expect(limit).toBe(defaultCliConcurrency());
    expect(limit).toBeGreaterThanOrEqual(1);
    expect(limit).toBeLessThanOrEqual(MAX_CLI_CONCURRENCY);
  });

  it.each([0, -1, 2.5, MAX_CLI_CONCURRENCY + 1, Number.NaN])(
    "GIVEN the limit %s WHEN created THEN it is refused as a bug of the caller",
    (limit) => {
      expect(() => createRunLimiter(limit)).toThrow(RangeError);
    },
  );
});
