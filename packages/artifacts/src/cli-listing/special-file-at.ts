import { statSync } from "node:fs";
import type { NeedsCli } from "./read-folder-tree.js";

/**
 * A refusal when `path` (a link followed, as the CLI follows it) is a FIFO,
 * socket or device: the CLI reads such a `config.yaml` or `.openspec.yaml`
 * with a blocking read and would hold a run slot until its timeout, so the
 * caller answers at once instead of handing the repository to the CLI. One
 * `stat`, never an open. Null for a regular file, a folder, or nothing.
 */
export function specialFileAt(path: string, shown: string): NeedsCli | null {
  let kind: string;
  try {
    const stats = statSync(path);
    if (stats.isFile() || stats.isDirectory()) return null;
    kind = stats.isFIFO() ? "a FIFO" : stats.isSocket() ? "a socket" : "a device";
  } catch {
    return null;
  }
  const error = `${shown} is ${kind}, not a regular file, so the OpenSpec CLI would wait on it.`;
  return {
    needsCli: error,
    refusal: {
      code: "not_a_regular_file",
      error,
      fix: `Replace ${shown} with a regular file, or remove it.`,
      path: shown,
    },
  };
}
