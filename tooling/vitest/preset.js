import { defineConfig, mergeConfig } from "vitest/config";

/**
 * The shared test settings. Each package writes its results to
 * `test-results.json` so the root `pnpm test` can print one summary line
 * for the whole repository.
 */
const preset = defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    reporters: ["default", ["json", { outputFile: "test-results.json" }]],
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
