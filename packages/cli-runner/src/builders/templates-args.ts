import { type ArgsResult, startArgv } from "./start-argv.js";

export interface TemplatesOptions {
  /** Defaults to the CLI's `spec-driven`. */
  schema?: string;
}

/** `openspec templates --json [--schema <name>]` (no `--store`: templates resolve from the workdir). */
export function templatesArgs(options: TemplatesOptions = {}): ArgsResult {
  return startArgv(["templates", "--json"]).nameOption("--schema", options.schema).result();
}
