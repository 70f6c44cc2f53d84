import { readFile } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { parse } from "yaml";

/** What a confined CLI run needs to reach the stores registered on this host. */
export type StoreBinds = {
  /** The data folder the CLI reads its store registry under (`XDG_DATA_HOME`). */
  dataHome: string;
  /** `<dataHome>/openspec/stores/registry.yaml`. */
  registryFile: string;
  /** The registered stores' folders (`backend.local_path`). */
  roots: string[];
};

/**
 * The OpenSpec store registry of this host, as the CLI finds it on Linux:
 * `$XDG_DATA_HOME/openspec/stores/registry.yaml`, else under
 * `~/.local/share`. Read afresh for each run (a store registered meanwhile is
 * reachable at once); undefined when there is no file to read, so a run on a
 * host without stores sees nothing more than its folder. This is the
 * operator's file, not repository content.
 */
export async function readStoreBinds(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): Promise<StoreBinds | undefined> {
  const fromEnv = env.XDG_DATA_HOME;
  const dataHome =
    fromEnv !== undefined && isAbsolute(fromEnv) ? fromEnv : join(home, ".local", "share");
  const registryFile = join(dataHome, "openspec", "stores", "registry.yaml");
  let text: string;
  try {
    text = await readFile(registryFile, "utf8");
  } catch {
    return undefined;
  }
  // A damaged registry is still shown to the CLI, which says what is wrong with it.
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch {
    parsed = undefined;
  }
  const stores = (parsed as { stores?: unknown } | null)?.stores;
  const roots: string[] = [];
  if (typeof stores === "object" && stores !== null) {
    for (const entry of Object.values(stores)) {
      const path = (entry as { backend?: { local_path?: unknown } } | null)?.backend?.local_path;
      if (typeof path === "string" && isAbsolute(path)) roots.push(path);
    }
  }
  return { dataHome, registryFile, roots };
}
