import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isolatedEnvironment, setUpOpenSpecStore } from "@org/test-kit";

/** Where the OpenSpec CLI keeps the store registry of the home `env` chooses. */
const registryOf = (env: Record<string, string | undefined>) =>
  join(
    env.XDG_DATA_HOME ?? join(env.HOME ?? "", ".local", "share"),
    "openspec",
    "stores",
    "registry.yaml",
  );

let made: { ids: string; stores: string; registry: string } | undefined;

/**
 * Gives the home `env` chooses the OpenSpec stores `ids`, each in `<home>/stores/<id>` and
 * registered in its store registry, as `openspec store setup` makes them. The real CLI makes them
 * once per test process in a home of its own; every later home gets a copy of its folders and of
 * its registry with that home's path in place of the first, so seven hosts' sandboxes cost four
 * CLI runs rather than twenty-eight, and each still holds exactly what the CLI wrote.
 */
export function copyMadeStores(
  env: Record<string, string | undefined>,
  ids: readonly string[],
): void {
  if (made?.ids !== ids.join() || !existsSync(made.stores)) {
    const first = isolatedEnvironment();
    for (const id of ids) setUpOpenSpecStore(first.env, id, join(first.home, "stores", id));
    made = {
      ids: ids.join(),
      stores: realpathSync(join(first.home, "stores")),
      registry: registryOf(first.env),
    };
  }
  const stores = join(env.HOME ?? "", "stores");
  cpSync(made.stores, stores, { recursive: true });
  const registry = registryOf(env);
  mkdirSync(dirname(registry), { recursive: true });
  // The registry holds each store's real path; in the copy it is the copied folder's.
  writeFileSync(
    registry,
    readFileSync(made.registry, "utf8").replaceAll(`${made.stores}/`, `${realpathSync(stores)}/`),
  );
}
