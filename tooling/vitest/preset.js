import { defineConfig, mergeConfig } from "vitest/config";

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
    restoreMocks: true,
  },
});

/** Returns the preset merged with a package's own settings. */
export function definePackageConfig(overrides = {}) {
  return mergeConfig(preset, defineConfig(overrides));
}

export default preset;
