import { type ArgsResult, startArgv } from "./start-argv.js";

/** One schema by name, or every schema with its resolution source. */
export type SchemaWhichOptions = { name: string } | { all: true };

/** `openspec schema which (<name> | --all) --json` */
export function schemaWhichArgs(options: SchemaWhichOptions): ArgsResult {
  const argv = startArgv(["schema", "which"]);
  if ("name" in options) argv.name("name", options.name);
  else if (options.all === true) argv.flag("--all");
  else argv.refuse("Give a schema name or all: true.");
  return argv.flag("--json").result();
}
