import { createCatalog } from "@org/openspec-core";
import type { Sandbox } from "./make-sandbox.js";

/**
 * Makes sure the registry has the repository as the source `shop`, whatever
 * earlier calls renamed, repointed or removed; fuzzing the source tools may
 * do all three.
 */
export async function registerShop(sandbox: Sandbox): Promise<void> {
  const catalog = createCatalog({ env: sandbox.env });
  try {
    const listed = await catalog.call("openspec_source_list", {});
    const sources = listed.ok && Array.isArray(listed.sources) ? listed.sources : [];
    for (const source of sources as { token: string; name: string | null; path: string }[]) {
      if (source.name?.toLowerCase() === "shop" || source.path === sandbox.repo) {
        await catalog.call("openspec_source_remove", { source: source.token });
      }
    }
    const added = await catalog.call("openspec_source_add", { path: sandbox.repo, name: "shop" });
    if (!added.ok) throw new Error(`registering the repository failed: ${added.error}`);
  } finally {
    catalog.close();
  }
}
