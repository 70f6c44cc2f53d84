import { isolatedEnvironment, REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import type { CatalogOptions } from "../catalog-context.js";
import { type Catalog, createCatalog } from "../create-catalog.js";

const catalogs: Catalog[] = [];

/** Closes every catalog and removes every folder the test made. */
export function cleanUp(): void {
  for (const catalog of catalogs.splice(0)) catalog.close();
  removeTemporaryFolders();
}

/** A catalog in an isolated home; unless `cli: false`, the real OpenSpec CLI is found through OPENSPEC_BIN. */
export function makeCatalog(
  options: { cli?: boolean; env?: Record<string, string>; catalog?: CatalogOptions } = {},
) {
  const { home, env } = isolatedEnvironment({
    ...(options.cli === false ? {} : { OPENSPEC_BIN: REAL_OPENSPEC_BIN }),
    ...options.env,
  });
  const catalog = createCatalog({ env, home, ...options.catalog });
  catalogs.push(catalog);
  return { catalog, home, env };
}
