import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { REAL_OPENSPEC_BIN } from "./real-openspec.js";

/**
 * Runs the pinned CLI's `openspec store ...` with `env`, whose `HOME` and
 * `XDG_DATA_HOME` choose the store registry (`$XDG_DATA_HOME/openspec/stores/registry.yaml`):
 * pass an `isolatedEnvironment()`'s env so the real user's stores stay untouched.
 */
function runStoreCommand(env: Record<string, string | undefined>, args: string[]): void {
  const run = spawnSync(process.execPath, [REAL_OPENSPEC_BIN, "store", ...args, "--json"], {
    cwd: env.HOME,
    encoding: "utf8",
    env,
  });
  if (run.status !== 0) {
    throw new Error(`openspec store ${args.join(" ")} failed: ${run.stdout}${run.stderr}`);
  }
}

/**
 * Creates a store with `openspec store setup <id> --path <folder> --no-init-git`
 * (a folder with `openspec/` and `.openspec-store/store.yaml`) and registers it
 * in the registry `env` selects. Returns the folder as the CLI records it (real path).
 */
export function setUpOpenSpecStore(
  env: Record<string, string | undefined>,
  id: string,
  folder: string,
): string {
  runStoreCommand(env, ["setup", id, "--path", folder, "--no-init-git"]);
  return realpathSync(folder);
}

/** Registers an existing OpenSpec repository as store `id` (`openspec store register --yes`). */
export function registerOpenSpecStore(
  env: Record<string, string | undefined>,
  id: string,
  folder: string,
): string {
  runStoreCommand(env, ["register", folder, "--id", id, "--yes"]);
  return realpathSync(folder);
}
