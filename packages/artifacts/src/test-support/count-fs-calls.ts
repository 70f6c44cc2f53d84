import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

/** A synchronous `node:fs` function, or `promises.stat`: one trip through the thread pool. */
type Counted = "statSync" | "opendirSync" | "promises.stat";

/**
 * Counts the calls of one `node:fs` function on paths under `folder` while
 * `work` runs: what a read costs, told by the calls it makes rather than by
 * the time it takes (or the event-loop turns that pass while it waits) on a
 * loaded machine. The function is wrapped for every module
 * (`syncBuiltinESMExports`) and put back after.
 */
export async function countFsCalls<T>(
  name: Counted,
  folder: string,
  work: () => Promise<T>,
): Promise<{ value: T; calls: number }> {
  const owner: Record<string, unknown> = name === "promises.stat" ? fs.promises : fs;
  const key = name === "promises.stat" ? "stat" : name;
  const original = owner[key] as (path: fs.PathLike, ...rest: unknown[]) => unknown;
  let calls = 0;
  const counting = (path: fs.PathLike, ...rest: unknown[]) => {
    if (String(path).startsWith(folder)) calls += 1;
    return original(path, ...rest);
  };
  owner[key] = counting;
  syncBuiltinESMExports();
  try {
    const value = await work();
    return { value, calls };
  } finally {
    owner[key] = original;
    syncBuiltinESMExports();
  }
}
