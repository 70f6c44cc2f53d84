import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The arguments the recording fake CLI got, one list per pid it ran as. */
export function readRecordedArgv(logDir: string): string[][] {
  return readdirSync(logDir).map((file) =>
    readFileSync(join(logDir, file), "utf8").split("\0").slice(0, -1),
  );
}

/** The options the catalog's commands use; anything else starting with "-" came from input. */
export const CATALOG_FLAGS = new Set([
  "--all",
  "--change",
  "--changes",
  "--deltas-only",
  // openspec_cli answers a command's help by building `<command> --help` itself: a read.
  "--help",
  "--json",
  "--no-interactive",
  "--no-scenarios",
  "--requirement",
  "--requirements",
  "--schema",
  "--skip-specs",
  "--sort",
  "--specs",
  "--store",
  "--strict",
  "--type",
  "--yes",
]);

/** Arguments that the CLI would read as an option it was never meant to get. */
export function findSmuggledOptions(argvs: readonly string[][]): string[] {
  return argvs.flatMap((argv) =>
    argv
      .filter((arg) => arg.startsWith("-") && !CATALOG_FLAGS.has(arg))
      .map((arg) => `${arg} in ${argv.join(" ")}`),
  );
}
