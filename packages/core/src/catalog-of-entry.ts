// `@org/openspec-core/catalog-of`: a catalog of given tools, without the
// built-in catalog the package index loads (see `single-tool.ts`).
export { exitOnHostSignals } from "@org/openspec-cli-runner/host-signals";
export type { CatalogOptions } from "./catalog-context.js";
export { type Catalog, catalogOf, type ToolAvailability } from "./catalog-of.js";
