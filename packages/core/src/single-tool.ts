// One tool without the catalog: a shell command that names a tool loads that
// tool's definition and a catalog of it alone, so the other tools' schemas
// and presentations are never built (most of a short command's start-up).
export { exitOnHostSignals } from "@org/openspec-cli-runner";
export type { CatalogOptions } from "./catalog-context.js";
export { type Catalog, catalogOf, type ToolAvailability } from "./catalog-of.js";
export { toolForCommand } from "./tool-for-command.js";
export { type ToolLoader, toolLoaders } from "./tool-loaders.js";
