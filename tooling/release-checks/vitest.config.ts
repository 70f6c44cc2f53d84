import { definePackageConfig } from "@org/vitest-config";

// The packed install waits mostly on npm and the registry, the rehearsal on its
// clone's build: two files at a time overlap the waiting.
export default definePackageConfig({ test: { maxWorkers: 2 } });
