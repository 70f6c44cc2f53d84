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
    expect(limiter.stats()).toMatchObject({ running: 2, queued: 3 });

    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);

    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("GIVEN a task that throws WHEN it ends THEN its slot goes to the next task and the error reaches its caller", async () => {
    const limiter = createRunLimiter(1);
    const failing = limiter.run(async () => {
      throw new Error("broken run");
    });
    const next = limiter.run(async () => "ran");

    await expect(failing).rejects.toThrow("broken run");
    expect(await next).toBe("ran");
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("GIVEN a limit of 2 and three whole-repository runs WHEN a cheap call arrives behind them THEN it runs before the second whole-repository run starts", async () => {
    const limiter = createRunLimiter(2);
    const events: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const task = (name: string) => async () => {
      events.push(`start ${name}`);
      const gate = deferred();
      gates.set(name, gate);
      await gate.promise;
      events.push(`end ${name}`);
    };
    const whole = ["repo-1", "repo-2", "repo-3"].map((name) =>
      limiter.run(task(name), { lane: "repository" }),
    );
    const cheap = limiter.run(task("item"), { lane: "item" });
    await Promise.resolve();

    expect(limiter.repositoryLimit).toBe(1);
    expect(events).toEqual(["start repo-1", "start item"]);
    gates.get("item")?.resolve();
    await cheap;
    expect(events).toEqual(["start repo-1", "start item", "end item"]);
    gates.get("repo-1")?.resolve();
    await whole[0];
    await Promise.resolve();
    expect(events.slice(-2)).toEqual(["end repo-1", "start repo-2"]);
    gates.get("repo-2")?.resolve();
    await whole[1];
    await Promise.resolve();
    gates.get("repo-3")?.resolve();
    await Promise.all(whole);
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("GIVEN one caller with a burst of five tasks WHEN another caller asks once THEN the other caller's task runs second, not sixth", async () => {
    const limiter = createRunLimiter(1);
    const started: string[] = [];
    const run = (name: string, caller: string) =>
      limiter.run(
        async () => {
          started.push(name);
        },
        { caller },
      );
    const burst = [1, 2, 3, 4, 5].map((n) => run(`a${n}`, "session-a"));
    const other = run("b1", "session-b");
    await Promise.all([...burst, other]);

    expect(started).toEqual(["a1", "a2", "b1", "a3", "a4", "a5"]);
  });

  it("GIVEN a limit of 2 and one caller whose two tasks never end WHEN another caller asks THEN the other caller's task starts while both of the first's are still held or waiting", async () => {
    const limiter = createRunLimiter(2);
    const events: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const task = (name: string) => async () => {
      events.push(`start ${name}`);
      const gate = deferred();
      gates.set(name, gate);
      await gate.promise;
      events.push(`end ${name}`);
    };
    const hung = [
      limiter.run(task("a1"), { caller: "token:a" }),
      limiter.run(task("a2"), { caller: "token:a", lane: "repository" }),
    ];
    const other = limiter.run(task("b1"), { caller: "token:b" });
    await Promise.resolve();

    expect(events).toEqual(["start a1", "start b1"]);
    expect(limiter.callerLimit).toBe(1);
    gates.get("b1")?.resolve();
    await other;
    expect(events).toEqual(["start a1", "start b1", "end b1"]);
    gates.get("a1")?.resolve();
    await hung[0];
    await Promise.resolve();
    expect(events.slice(-2)).toEqual(["end a1", "start a2"]);
    gates.get("a2")?.resolve();
    await Promise.all(hung);
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("GIVEN callers holding different numbers of turns WHEN a turn frees THEN it goes to the waiting caller that holds fewer, though another asked first", async () => {
    const limiter = createRunLimiter(4);
    const started: string[] = [];
    const names = ["a1", "a2", "b1", "c1", "a3", "b2"];
    const gates = new Map(names.map((name) => [name, deferred()]));
    const run = (name: string) =>
      limiter.run(
        async () => {
          started.push(name);
          await gates.get(name)?.promise;
        },
        { caller: name.slice(0, 1) },
      );
    const runs = names.map(run);
    await Promise.resolve();
    expect(started).toEqual(["a1", "a2", "b1", "c1"]);

    gates.get("c1")?.resolve();
    await runs[3];
    await Promise.resolve();
    expect(started).toEqual(["a1", "a2", "b1", "c1", "b2"]);
    for (const gate of gates.values()) gate.resolve();
    await Promise.all(runs);
    expect(started).toEqual(["a1", "a2", "b1", "c1", "b2", "a3"]);
  });

  it("GIVEN runs that name no caller (a host with one client) WHEN they fill every turn THEN none is held back for a caller who cannot come", async () => {
    const limiter = createRunLimiter(2);
    const gates = [deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        await gate.promise;
      }),
    );
    await Promise.resolve();

    expect(started).toEqual([0, 1]);
    for (const gate of gates) gate.resolve();
    await Promise.all(runs);
  });

  it("GIVEN tasks waiting in both lanes WHEN turns free up THEN the lanes take turns, so a stream of cheap calls cannot starve a whole-repository run", async () => {
    const limiter = createRunLimiter(1);
    const started: string[] = [];
    const run = (name: string, lane: "item" | "repository") =>
      limiter.run(
        async () => {
          started.push(name);
        },
        { lane },
      );
    const all = [
      run("item-1", "item"),
      run("repo-1", "repository"),
      run("repo-2", "repository"),
      run("item-2", "item"),
      run("item-3", "item"),
      run("item-4", "item"),
    ];
    await Promise.all(all);

    expect(started).toEqual(["item-1", "repo-1", "item-2", "repo-2", "item-3", "item-4"]);
  });

  it("GIVEN a waiting task WHEN its signal aborts THEN it leaves the line at once, while the running task goes on, and the tasks behind it move up", async () => {
    const limiter = createRunLimiter(1);
    const gate = deferred();
    const events: string[] = [];
    const running = limiter.run(async () => {
      await gate.promise;
      events.push("first ended");
    });
    const controller = new AbortController();
    const places: Array<() => number> = [];
    const leaving = limiter.run(async () => events.push("cancelled one ran"), {
      signal: controller.signal,
      onWaiting: (place) => places.push(place),
    });
    const behind = limiter.run(async () => events.push("last ran"), {
      onWaiting: (place) => places.push(place),
    });
    expect(places.map((place) => place())).toEqual([1, 2]);

    controller.abort();
    await expect(leaving).rejects.toBe(controller.signal.reason);
    events.push("left the line");
    expect(limiter.stats()).toMatchObject({ running: 1, queued: 1 });
    expect(places[1]?.()).toBe(1);

    gate.resolve();
    await Promise.all([running, behind]);
    expect(events).toEqual(["left the line", "first ended", "last ran"]);
  });

  it("GIVEN three callers waiting WHEN each asks its place THEN it is its turn in the round-robin order", async () => {
    const limiter = createRunLimiter(1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const places: Record<string, () => number> = {};
    const waiting = [
      ["a1", "a"],
      ["a2", "a"],
      ["a3", "a"],
      ["b1", "b"],
      ["c1", "c"],
      ["c2", "c"],
    ].map(([name, caller]) =>
      limiter.run(async () => {}, {
        caller: caller as string,
        onWaiting: (place) => {
          places[name as string] = place;
        },
      }),
    );
    const order = Object.fromEntries(
      Object.entries(places).map(([name, place]) => [name, place()]),
    );

    expect(order).toEqual({ a1: 1, b1: 2, c1: 3, a2: 4, c2: 5, a3: 6 });
    gate.resolve();
    await Promise.all([first, ...waiting]);
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
