import { definePackageConfig } from "@org/vitest-config";

// The packed install waits mostly on npm and the registry: two files at a time
// overlap the waiting. The release rehearsal builds a whole clone and runs
// only with `pnpm test:release` (see package.json).
// Test files share their worker processes: see "Isolation" in @org/vitest-config's README.
export default definePackageConfig({ test: { maxWorkers: 2, isolate: false } });
