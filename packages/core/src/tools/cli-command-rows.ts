// The pieces the OpenSpec CLI's command table (cli-command-table.ts) is built
// from: options many commands share, a reading command with `--json`, and
// the refusals that point at a terminal or another tool.
import type { CliCommand, CliOption, CliValue } from "./cli-command-types.js";

const otherRoot = {
  reason: "selects another registered OpenSpec root, outside the source",
  fix: "Register that store's folder as a source ({tool:openspec_source_import}) and name it with source.",
};
export const store: CliOption = { flag: "--store", value: "name", refused: otherRoot };
export const json: CliOption = { flag: "--json" };
export const noInteractive: CliOption = { flag: "--no-interactive" };
export const itemType: CliOption = { flag: "--type", value: ["change", "spec"] };
export const inTerminal = (command: string, why: string) => ({
  reason: why,
  fix: `Run \`{openspec} ${command}\` in a terminal in the repository.`,
});
export const outsideHome = (command: string, what: string) => ({
  reason: `${what}, outside the repository`,
  fix: `Run \`{openspec} ${command}\` in a terminal yourself.`,
});

export const read = (
  words: string[],
  options: CliOption[],
  positionals: CliCommand["positionals"] = [],
  hasJson = true,
): CliCommand => ({
  words,
  kind: "read",
  json: hasJson,
  positionals,
  options: hasJson ? [...options, json] : options,
});

export const optionalName = (label: string, value: CliValue = "name") => [
  { label, required: false, value },
];
export const help = (group: string[]): CliCommand =>
  read([...group, "help"], [], optionalName("command"), false);
