import { realpathSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { CliQuestion } from "./create-shared-cli-runs.js";
import { oneChangeValidationParts } from "./one-change-validation-parts.js";
import { wholeValidationParts } from "./whole-validation-parts.js";

// The commands whose answers may be shared and kept: they only read, and
// everything they read lies under the repository's openspec/ folder and the
// user's OpenSpec config and data folders. Anything else (archive, new
// change, instructions, status...) always runs on its own.
const SHARED_COMMANDS = new Set(["list", "validate", "show"]);

/** `$XDG_<kind>_HOME/openspec` when set and absolute, else `<home>/<fallback>/openspec`, as the CLI finds it. */
function userFolder(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
  variable: string,
  fallback: string[],
): string {
  const set = env[variable];
  return set !== undefined && isAbsolute(set)
    ? join(set, "openspec")
    : join(home, ...fallback, "openspec");
}

/**
 * The question a CLI run asks, when its answer may be shared: a command of
 * the read-only allowlist, without `--store` (which reads another root), run
 * by a known binary in a workdir that resolves. Undefined otherwise. A
 * validation of every change also says how to bring its report up to date
 * change by change (`whole`).
 */
export function sharedCliQuestion(
  run: { args: readonly string[]; workdir: string; bin: string; node: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): CliQuestion | undefined {
  const [command] = run.args;
  if (command === undefined || !SHARED_COMMANDS.has(command)) return undefined;
  if (run.args.includes("--store")) return undefined;
  let real: string;
  try {
    real = realpathSync(run.workdir);
  } catch {
    return undefined;
  }
  const userHome = env.HOME ?? home;
  const folder = join(real, "openspec");
  const dataFolder = userFolder(env, userHome, "XDG_DATA_HOME", [".local", "share"]);
  const parts = oneChangeValidationParts(run.args, folder, dataFolder);
  const whole = wholeValidationParts(run.args, folder, dataFolder);
  return {
    key: JSON.stringify([run.bin, run.node ?? null, run.args, run.workdir, real]),
    command: run.node === undefined ? [run.bin, ...run.args] : [run.node, run.bin, ...run.args],
    workdir: run.workdir,
    folder,
    others: [userFolder(env, userHome, "XDG_CONFIG_HOME", [".config"]), dataFolder],
    ...(parts === undefined ? {} : { parts }),
    ...(whole === undefined ? {} : { whole }),
  };
}
