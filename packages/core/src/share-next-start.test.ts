import { describe, expect, it } from "vitest";
import { shareNextStart } from "./share-next-start.js";

/** A read that ends when the test says so, numbered in the order reads start. */
function controlledReads() {
  const started: { number: number; finish: () => void }[] = [];
  const start = () =>
    new Promise<number>((resolve) => {
      const number = started.length + 1;
      started.push({ number, finish: () => resolve(number) });
    });
  return { started, start };
}

describe("sharing the read that starts next", () => {
  it("GIVEN a read under way WHEN callers arrive THEN none gets that read's answer: they share the next one, which starts when it ends", async () => {
    const share = shareNextStart<number>();
    const { started, start } = controlledReads();
    const first = share("repo", start);
    expect(started).toHaveLength(1);
    const later = [share("repo", start), share("repo", start), share("repo", start)];
    // The next read waits for the running one, and all three latecomers wait for it.
    expect(started).toHaveLength(1);
    started[0]?.finish();
    expect(await first).toBe(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toHaveLength(2);
    started[1]?.finish();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
  });

  it("GIVEN reads of two keys WHEN both are asked at once THEN each key has its own read", async () => {
    const share = shareNextStart<number>();
    const { started, start } = controlledReads();
    const one = share("one", start);
    const two = share("two", start);
    expect(started).toHaveLength(2);
    for (const read of started) read.finish();
    expect(await Promise.all([one, two])).toEqual([1, 2]);
  });

  it("GIVEN a key whose reads all ended WHEN it is asked again THEN a new read starts at once", async () => {
    const share = shareNextStart<number>();
    const { started, start } = controlledReads();
    const first = share("repo", start);
    started[0]?.finish();
    await first;
    const again = share("repo", start);
    expect(started).toHaveLength(2);
    started[1]?.finish();
    expect(await again).toBe(2);
  });
});
