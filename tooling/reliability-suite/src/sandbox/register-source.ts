import { createCatalog } from "@org/openspec-core";

/** Registers a repository folder under `name` in the registry of `env`. */
export async function registerSource(
  env: Record<string, string | undefined>,
  path: string,
  name: string,
): Promise<void> {
  const catalog = createCatalog({ env });
  try {
    const added = await catalog.call("openspec_source_add", { path, name });
    if (!added.ok) throw new Error(`registering ${name} failed: ${added.error}`);
  } finally {
    catalog.close();
  }
}
