import { definePackageConfig } from "@org/vitest-config";

// Test files share their worker process: see "Isolation" in @org/vitest-config's README.
export default definePackageConfig({ test: { isolate: false } });
