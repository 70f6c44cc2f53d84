import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { isolatedEnvironment } from "./isolated-environment.js";
import { setUpOpenSpecStore } from "./openspec-stores.js";
import { privateUserFolder } from "./private-user-folder.js";
import { realOpenSpecVersion } from "./real-openspec.js";

/** Stands for the stores' folder in a kept registry, which the CLI wrote with real paths. */
const STORES_FOLDER = "@stores-folder@";

/** Where the OpenSpec CLI keeps the store registry of the home `env` chooses. */
export function openSpecStoreRegistryPath(env: Record<string, string | undefined>): string {
  return join(
    env.XDG_DATA_HOME ?? join(env.HOME ?? "", ".local", "share"),
    "openspec",
    "stores",
    "registry.yaml",
  );
}

/**
 * Gives the store registry `env` chooses the stores `ids`, each in `<into>/<id>`, exactly as
 * `openspec store setup <id> --path <into>/<id> --no-init-git` makes and registers them, and
 * answers each store's root (real path). The CLI makes each list of ids once per machine and
 * version of the CLI, kept in a private folder of the user's as the repository template is (a
 * CLI start per store, most of a second each); every call copies the kept folders and the kept registry, with the copy's path
 * where the CLI wrote its own.
 */
export function copyOfStoresMadeByTheCli(
  env: Record<string, string | undefined>,
  ids: readonly string[],
  into: string,
): Record<string, string> {
  const kept = keptStores(ids);
  mkdirSync(into, { recursive: true });
  cpSync(join(kept, "stores"), into, { recursive: true });
  const real = realpathSync(into);
  const registry = openSpecStoreRegistryPath(env);
  mkdirSync(dirname(registry), { recursive: true });
  writeFileSync(
    registry,
    readFileSync(join(kept, "registry.yaml"), "utf8").replaceAll(STORES_FOLDER, real),
  );
  return Object.fromEntries(ids.map((id) => [id, join(real, id)]));
}

/** The kept stores of `ids` (`stores/<id>` and `registry.yaml`), made first if need be. */
function keptStores(ids: readonly string[]): string {
  const parent = join(
    privateUserFolder("openspec-agent-test-stores"),
    `openspec-${realOpenSpecVersion()}`,
  );
  mkdirSync(parent, { recursive: true });
  const folder = join(parent, `stores-${ids.join("-")}`);
  if (existsSync(join(folder, "registry.yaml"))) return folder;
  // Made in a folder of its own and renamed into place, as the repository template is.
  const making = mkdtempSync(join(parent, "making-"));
  try {
    mkdirSync(join(making, "stores"));
    const stores = realpathSync(join(making, "stores"));
    const { env, home } = isolatedEnvironment();
    for (const id of ids) setUpOpenSpecStore(env, id, join(stores, id));
    const registry = readFileSync(openSpecStoreRegistryPath(env), "utf8");
    writeFileSync(join(making, "registry.yaml"), registry.replaceAll(stores, STORES_FOLDER));
    rmSync(home, { recursive: true, force: true });
    renameSync(making, folder);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
  }
  return folder;
}
