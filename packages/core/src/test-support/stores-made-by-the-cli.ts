import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { isolatedEnvironment, setUpOpenSpecStore, temporaryFolder } from "@org/test-kit";

// Kept for the test process: files of the package share it (`isolate: false`).
const madeStores = new Map<string, { folder: string; registry: string }>();

/**
 * Stores with the given ids, as the real `openspec store setup <id> --path <folder>/<id>` makes
 * them, registered in the home `env` selects; gives the folder holding them and each store's
 * root (real paths). The CLI makes each list of ids once per test process (a CLI start, most of a
 * second); later calls get a copy of its folders and of the registry file it wrote, the paths in
 * it moved to the copy's folder as the CLI would have written them there.
 */
export function storesMadeByTheCli(
  env: Record<string, string | undefined>,
  ids: readonly string[],
) {
  const key = ids.join(" ");
  let made = madeStores.get(key);
  if (made === undefined) {
    const kept = realpathSync(mkdtempSync(join(tmpdir(), "stores-made-")));
    process.once("exit", () => rmSync(kept, { recursive: true, force: true }));
    const own = isolatedEnvironment().env;
    for (const id of ids) setUpOpenSpecStore(own, id, join(kept, id));
    made = { folder: kept, registry: readFileSync(storeRegistryPath(own), "utf8") };
    madeStores.set(key, made);
  }
  const folder = realpathSync(temporaryFolder("stores-"));
  cpSync(made.folder, folder, { recursive: true });
  const registry = storeRegistryPath(env);
  mkdirSync(dirname(registry), { recursive: true });
  writeFileSync(registry, made.registry.replaceAll(made.folder, folder));
  const roots: Record<string, string> = Object.fromEntries(ids.map((id) => [id, join(folder, id)]));
  return { folder, roots };
}

/** Where the CLI keeps its store registry in the home `env` selects. */
export function storeRegistryPath(env: Record<string, string | undefined>): string {
  return join(String(env.XDG_DATA_HOME), "openspec", "stores", "registry.yaml");
}
