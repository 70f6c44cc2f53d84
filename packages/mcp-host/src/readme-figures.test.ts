import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_MODERN_HOSTS } from "./modern-hosts.js";
import { MAX_SHARED_SOURCES } from "./shared-source-resources.js";

const README = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");

/** The number a README sentence states, or a note that the sentence is gone. */
function stated(pattern: RegExp): number | string {
  const found = pattern.exec(README);
  return found ? Number(found[1]) : `no sentence matches ${pattern}`;
}

describe("the bounds the mcp-host README states", () => {
  it("GIVEN the HTTP server's caches WHEN the README says how much they keep THEN each figure is the code's", () => {
    expect(stated(/keeps the (\d+) most recently used/)).toBe(DEFAULT_MAX_MODERN_HOSTS);
    expect(stated(/for the (\d+) sources asked for most recently/)).toBe(MAX_SHARED_SOURCES);
  });
});
