import { findSource } from "./find-source.js";
import type { Registry, SourceListResult, SourceResult } from "./registry.js";
import type { RegistryContext } from "./registry-context.js";
import { runGuarded } from "./run-guarded.js";
import { selectAllSources } from "./select-all-sources.js";
import { writeOperations as writes } from "./write-operations-loader.js";
import { writeWithoutBlocking } from "./write-without-blocking.js";

// Lets package functions such as the Hermes import reach the connection
// without putting it on the public Registry type.
const contexts = new WeakMap<Registry, RegistryContext>();

export function createRegistry(context: RegistryContext): Registry {
  const list = (): SourceListResult =>
    runGuarded(context, () => ({ ok: true, sources: selectAllSources(context.db) }));
  const registry: Registry = {
    path: context.file,
    add: (input) => writes().addSource(context, input),
    update: (identifier, changes) => writes().updateSource(context, identifier, changes),
    remove: (identifier) => writes().removeSource(context, identifier),
    addAsync: (input) => writeWithoutBlocking(context, () => writes().addSource(context, input)),
    updateAsync: (identifier, changes) =>
      writeWithoutBlocking(context, () => writes().updateSource(context, identifier, changes)),
    removeAsync: (identifier) =>
      writeWithoutBlocking(context, () => writes().removeSource(context, identifier)),
    list,
    resolve: (identifier): SourceResult =>
      runGuarded(context, () => findSource(context.db, identifier)),
    close: () => {
      if (context.db.open) context.db.close();
    },
  };
  contexts.set(registry, context);
  return registry;
}

/** The context behind a registry made by {@link createRegistry}. */
export function registryContext(registry: Registry): RegistryContext {
  const context = contexts.get(registry);
  if (context === undefined) throw new TypeError("not a registry returned by openRegistry");
  return context;
}
