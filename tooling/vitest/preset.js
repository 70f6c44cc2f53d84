import { availableParallelism } from "node:os";
import { defineConfig, mergeConfig } from "vitest/config";

// Test files spend much of their time waiting on the processes they start (the OpenSpec CLI,
// hosts, servers, Chromium, PostgreSQL): vitest's default of one worker per core but one left one
// file running at a time on two cores, and the cores about 10 % idle over a whole `pnpm test`.
// Two files at a time at least filled them (see "Workers" in the README).
const WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * The shared test settings. Each package writes its results to
 * `test-results.json` so the root `pnpm test` can print one summary line
 * for the whole repository.
 */
const preset = defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // A run on another Node line (scripts/run-tests.mjs) names its report after the line, so it
    // sits beside the installing Node's report instead of replacing it.
    reporters: [
      "default",
      ["json", { outputFile: process.env.OPENSPEC_AGENT_TEST_REPORT || "test-results.json" }],
    ],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: WORKERS,
    restoreMocks: true,
  },
});

/** Returns the preset merged with a package's own settings. */
export function definePackageConfig(overrides = {}) {
  return mergeConfig(preset, defineConfig(overrides));
}

export default preset;
