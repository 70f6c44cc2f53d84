import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

type Counted = "statSync" | "opendirSync";

/**
 * Counts the calls of one synchronous `node:fs` function on paths under
 * `folder` while `work` runs: what a read costs, told by the calls it makes
 * rather than by the time it takes on a loaded machine. The function is
 * wrapped for every module (`syncBuiltinESMExports`) and put back after.
 */
export async function countFsCalls<T>(
  name: Counted,
  folder: string,
  work: () => Promise<T>,
): Promise<{ value: T; calls: number }> {
  const original = fs[name] as (path: fs.PathLike, ...rest: unknown[]) => unknown;
  let calls = 0;
  const counting = (path: fs.PathLike, ...rest: unknown[]) => {
    if (String(path).startsWith(folder)) calls += 1;
    return original(path, ...rest);
  };
  Object.assign(fs, { [name]: counting });
  syncBuiltinESMExports();
  try {
    const value = await work();
    return { value, calls };
  } finally {
    Object.assign(fs, { [name]: original });
    syncBuiltinESMExports();
  }
}
