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

  it("GIVEN one caller with a burst of five tasks WHEN another caller asks once THEN the other caller's task runs second, not sixth: at once, on an overflow turn", async () => {
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

    expect(started).toEqual(["a1", "b1", "a2", "a3", "a4", "a5"]);
  });

  /** Tasks that log `start`/`end` and end only when `release(name)` is called. */
  function gatedTasks() {
    const events: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const task = (name: string) => async () => {
      events.push(`start ${name}`);
      const gate = deferred();
      gates.set(name, gate);
      await gate.promise;
      events.push(`end ${name}`);
    };
    const release = async (name: string, run: Promise<unknown>) => {
      const gate = gates.get(name);
      if (gate === undefined) throw new Error(`${name} has not started, so it cannot be released`);
      gate.resolve();
      await run;
      await Promise.resolve();
    };
    return { events, task, release };
  }

  it("GIVEN a limit of 2 and one caller whose two tasks never end WHEN another caller asks THEN the other caller's task starts at once, on an overflow turn", async () => {
    const limiter = createRunLimiter(2);
    const { events, task, release } = gatedTasks();
    const hung = [
      limiter.run(task("a1"), { caller: "token:a" }),
      limiter.run(task("a2"), { caller: "token:a", lane: "repository" }),
    ];
    const other = limiter.run(task("b1"), { caller: "token:b" });
    await Promise.resolve();

    expect(events).toEqual(["start a1", "start a2", "start b1"]);
    expect(limiter.stats()).toMatchObject({
      running: 3,
      overflow: 1,
      lanes: { item: { running: 2 }, repository: { running: 1 } },
    });
    await release("b1", other);
    expect(events).toEqual(["start a1", "start a2", "start b1", "end b1"]);
    expect(limiter.stats()).toMatchObject({ running: 2, overflow: 0 });
    await release("a1", hung[0] as Promise<void>);
    await release("a2", hung[1] as Promise<void>);
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0, overflow: 0 });
  });

  it("GIVEN a limit of 2 and a caller alone with a whole-repository run in progress WHEN it makes a cheap call THEN the cheap call starts at once, on the turn the repository lane leaves", async () => {
    const limiter = createRunLimiter(2);
    const { events, task, release } = gatedTasks();
    const whole = limiter.run(task("list"), { caller: "token:a", lane: "repository" });
    const cheap = limiter.run(task("status"), { caller: "token:a" });
    await Promise.resolve();

    expect(events).toEqual(["start list", "start status"]);
    expect(limiter.stats()).toMatchObject({ running: 2, queued: 0, overflow: 0 });
    await release("status", cheap);
    await release("list", whole);
    expect(events).toEqual(["start list", "start status", "end status", "end list"]);
  });

  it("GIVEN a limit of 2 held by one caller's hung runs WHEN five other callers ask THEN two start at once on overflow turns, the rest as turns free, never more than 2 × limit at once", async () => {
    const limiter = createRunLimiter(2);
    const { events, task, release } = gatedTasks();
    const most: number[] = [];
    const watched = (name: string) => async () => {
      most.push(limiter.stats().running);
      await task(name)();
    };
    const hung = [
      limiter.run(watched("a1"), { caller: "a" }),
      limiter.run(watched("a2"), { caller: "a" }),
    ];
    const others = Object.fromEntries(
      ["b", "c", "d", "e", "f"].map((caller) => [
        caller,
        limiter.run(watched(caller), { caller, lane: caller === "c" ? "repository" : "item" }),
      ]),
    );
    await Promise.resolve();

    expect(events).toEqual(["start a1", "start a2", "start b", "start c"]);
    expect(limiter.stats()).toMatchObject({ running: 4, queued: 3, overflow: 2 });
    await release("b", others.b as Promise<void>);
    expect(events.slice(-2)).toEqual(["end b", "start d"]);
    // One of the limit's turns frees: c's overflow run takes it, so one overflow turn opens, for e.
    await release("a1", hung[0] as Promise<void>);
    expect(events.slice(-2)).toEqual(["end a1", "start e"]);
    expect(limiter.stats()).toMatchObject({ running: 4, queued: 1, overflow: 2 });
    await release("c", others.c as Promise<void>);
    expect(events.slice(-2)).toEqual(["end c", "start f"]);
    for (const name of ["a2", "d", "e", "f"])
      await release(
        name,
        name === "a2" ? (hung[1] as Promise<void>) : (others[name] as Promise<void>),
      );
    expect(Math.max(...most)).toBeLessThanOrEqual(2 * limiter.limit);
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0, overflow: 0 });
  });

  it("GIVEN a caller holding an overflow turn WHEN it asks again THEN it waits in line, while a caller holding no turn still gets one", async () => {
    const limiter = createRunLimiter(2);
    const { events, task, release } = gatedTasks();
    const hung = [
      limiter.run(task("a1"), { caller: "a" }),
      limiter.run(task("a2"), { caller: "a" }),
    ];
    const b1 = limiter.run(task("b1"), { caller: "b" });
    const b2 = limiter.run(task("b2"), { caller: "b" });
    await Promise.resolve();

    // One overflow turn of two is still free, but not for b, which holds one.
    expect(events).toEqual(["start a1", "start a2", "start b1"]);
    expect(limiter.stats()).toMatchObject({ running: 3, queued: 1, overflow: 1 });
    const c1 = limiter.run(task("c1"), { caller: "c" });
    await Promise.resolve();
    expect(events).toEqual(["start a1", "start a2", "start b1", "start c1"]);
    expect(limiter.stats()).toMatchObject({ running: 4, queued: 1, overflow: 2 });
    // A turn of the limit frees: b1 takes it into the limit, and b2 waits on, b holding a turn.
    await release("a1", hung[0] as Promise<void>);
    expect(events.slice(-1)).toEqual(["end a1"]);
    expect(limiter.stats()).toMatchObject({ running: 3, queued: 1, overflow: 1 });
    await release("b1", b1);
    expect(events.slice(-2)).toEqual(["end b1", "start b2"]);
    await release("a2", hung[1] as Promise<void>);
    await release("b2", b2);
    await release("c1", c1);
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0, overflow: 0 });
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
    // One turn and the one overflow turn held, by two callers that ask nothing more.
    const first = limiter.run(() => gate.promise, { caller: "x" });
    const second = limiter.run(() => gate.promise, { caller: "y" });
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
    await Promise.all([first, second, ...waiting]);
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
