// One tool without the catalog: a shell command that names a tool finds it
// here and loads that tool's definition alone, so the other tools' schemas and
// presentations are never built (most of a short command's start-up). This
// entry imports nothing else; `@org/openspec-core/catalog-of` runs the tool.

export { flagName } from "./flag-name.js";
export { toolForCommand } from "./tool-for-command.js";
export { type ToolLoader, toolLoaders } from "./tool-loaders.js";
