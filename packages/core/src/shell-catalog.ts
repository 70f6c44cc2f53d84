// A catalog of given tools, without the built-in catalog the package index
// loads: what runs one tool from the shell (see `loadShellCatalog` in startup.ts).
export { exitOnHostSignals } from "@org/openspec-cli-runner/startup";
export type { CatalogOptions } from "./catalog-context.js";
export { type Catalog, catalogOf, type ToolAvailability } from "./catalog-of.js";
