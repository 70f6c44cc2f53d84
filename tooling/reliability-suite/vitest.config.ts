import { definePackageConfig } from "@org/vitest-config";
import { reliabilitySizes } from "./src/reliability-mode.js";

// The checks spend most of their time waiting on other processes (hosts, CLI timeouts,
// killed writers), so two files at a time halve the wall time without crowding two cores.
export default definePackageConfig({
  // Test files share their worker processes: see "Isolation" in @org/vitest-config's README.
  test: {
    maxWorkers: 2,
    isolate: false,
    testTimeout: reliabilitySizes().testTimeoutMs,
    // Every host offers every tool here: the checks reach each tool, not the default toolsets
    // (test-kit's isolatedEnvironment passes this on to the hosts it starts).
    env: { OPENSPEC_AGENT_TOOLSETS: "all" },
  },
});
