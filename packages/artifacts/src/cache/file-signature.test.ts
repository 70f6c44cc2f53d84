import { describe, expect, it } from "vitest";
import { observe, stillTrue } from "./file-signature.js";

const READ_AT = 1_700_000_000_500.25;
const stats = (ctimeMs: number, changes: object = {}) => ({
  dev: 1,
  ino: 42,
  size: 100,
  mtimeMs: ctimeMs,
  ctimeMs,
  ...changes,
});

describe("observe and stillTrue", () => {
  it("GIVEN a path unchanged for a second before it was read WHEN its stat is the same THEN the reading stands", () => {
    const reading = observe(stats(READ_AT - 1000), READ_AT);
    expect(stillTrue(reading, stats(READ_AT - 1000))).toBe(true);
  });

  it.each([
    ["its ctime moved", { ctimeMs: READ_AT + 7 }],
    ["its mtime moved", { mtimeMs: READ_AT - 5000 }],
    ["its size changed", { size: 101 }],
    ["another inode took the path", { ino: 43 }],
    ["another device took the path", { dev: 2 }],
  ])("GIVEN a settled reading WHEN %s THEN the reading no longer stands", (_, change) => {
    const reading = observe(stats(READ_AT - 1000), READ_AT);
    expect(stillTrue(reading, stats(READ_AT - 1000, change))).toBe(false);
  });

  it("GIVEN a path changed within a tick of its reading WHEN every field is still equal THEN the reading is not trusted, since a second change in that tick would look the same", () => {
    const reading = observe(stats(READ_AT - 3), READ_AT);
    expect(reading.racy).toBe(true);
    expect(stillTrue(reading, stats(READ_AT - 3))).toBe(false);
  });

  it("GIVEN whole-second timestamps, as ext3, HFS+ or FAT keep WHEN the change was under two seconds before the reading THEN the reading is racy", () => {
    expect(observe(stats(1_700_000_000_000), 1_700_000_001_900).racy).toBe(true);
    expect(observe(stats(1_700_000_000_000), 1_700_000_002_100).racy).toBe(false);
  });
});
