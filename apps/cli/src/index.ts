export { commandReference } from "./command-reference.js";
export type { Terminal } from "./output/terminal.js";
export { type RunCliOptions, runCli } from "./program.js";
export { USAGE_ERROR } from "./usage-error.js";
