import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  fakeOpenSpecBinary,
  isolatedEnvironment,
  REAL_OPENSPEC_BIN,
  temporaryFolder,
} from "@org/test-kit";

/**
 * The real CLI behind a script that logs each run's arguments, so a test can count runs:
 * `runs()` gives every run so far, `newRuns()` those since it was last asked. Runs of
 * `validate --all` wait, once logged, while `holdRunsOfEverything()` holds them, until
 * `releaseRunsOfEverything()`. Each run starts the CLI cold, as the catalog does without a pool;
 * the runs share Node's compile cache, so they skip compiling the CLI's code again (about a fifth of
 * a start's CPU), as a user's repeated runs of the CLI can.
 */
export function countingCli() {
  const folder = temporaryFolder("cli-log-");
  const log = join(folder, "runs.log");
  const hold = join(folder, "hold");
  const bin = fakeOpenSpecBinary(
    [
      `echo "$*" >> ${JSON.stringify(log)}`,
      `if [ "$2" = "--all" ]; then while [ -e ${JSON.stringify(hold)} ]; do sleep 0.02; done; fi`,
      `export NODE_COMPILE_CACHE=${JSON.stringify(compileCache())}`,
      `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(REAL_OPENSPEC_BIN)} "$@"`,
    ].join("\n"),
  );
  const holdRunsOfEverything = () => writeFileSync(hold, "");
  const releaseRunsOfEverything = () => rmSync(hold, { force: true });
  const runs = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
  let seen = 0;
  const newRuns = () => {
    const all = runs();
    const added = all.slice(seen);
    seen = all.length;
    return added;
  };
  return { bin, runs, newRuns, holdRunsOfEverything, releaseRunsOfEverything };
}

/** A CLI answer without `validate`'s per-item timings: nothing else differs between two runs of the same files. */
export function withoutTimings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimings);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "durationMs")
      .map(([key, inner]) => [key, withoutTimings(inner)]),
  );
}

let cacheFolder: string | undefined;

/**
 * A folder in the test kit's compile cache (one per user, kept between test runs, as a user's
 * cache is kept between their commands), for the counting CLI's runs.
 */
function compileCache(): string {
  cacheFolder ??= join(
    String(isolatedEnvironment().env.OPENSPEC_AGENT_COMPILE_CACHE),
    "openspec-cli",
  );
  return cacheFolder;
}
