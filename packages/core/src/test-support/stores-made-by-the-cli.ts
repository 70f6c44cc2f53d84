import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isolatedEnvironment, setUpOpenSpecStore } from "@org/test-kit";

// Kept for the test process: files of the package share it (`isolate: false`).
const madeStores = new Map<string, { folder: string; registry: string }>();

/**
 * Stores made by the real `openspec store setup`, once per list of ids: the folder holding them and
 * the registry file the CLI wrote. A test gets a copy, its paths moved to the copy's folder, as the
 * CLI would have written it there; each setup costs a CLI start, most of a second.
 */
export function storesMadeByTheCli(ids: readonly string[]) {
  const key = ids.join(" ");
  const known = madeStores.get(key);
  if (known) return known;
  const folder = realpathSync(mkdtempSync(join(tmpdir(), "stores-made-")));
  process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
  const { env } = isolatedEnvironment();
  for (const id of ids) setUpOpenSpecStore(env, id, join(folder, id));
  const made = { folder, registry: readFileSync(storeRegistryPath(env), "utf8") };
  madeStores.set(key, made);
  return made;
}

/** Where the CLI keeps its store registry in the home `env` selects. */
export function storeRegistryPath(env: Record<string, string | undefined>): string {
  return join(String(env.XDG_DATA_HOME), "openspec", "stores", "registry.yaml");
}
