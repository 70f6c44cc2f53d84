// The argument names that calls written for the earlier Python Hermes plugin
// for OpenSpec use (its skills, docs and users' scripts), per tool, and the
// field of ours each one means. They are accepted on input and never published:
// a tool's input schema (MCP `tools/list`, Hermes' tools.json) names only its
// own fields, so the aliases cost an agent's context nothing.
import { splitCommandLine } from "./split-command-line.js";

/** What an alias's value becomes: the canonical value, `undefined` to drop it, or why it cannot be read. */
export type AliasValue = { value: unknown } | { error: string };

/** One accepted name: `alias` is read as `field`, its value mapped by `value` when the two differ in kind. */
export type ArgumentAlias = {
  alias: string;
  field: string;
  /** Maps the given value; without it the value is taken as it is. */
  value?: (given: unknown) => AliasValue;
};

const keep = (value: unknown): AliasValue => ({ value });

/** `status: "done" | "todo"` as our `done: true | false`. */
function statusAsDone(given: unknown): AliasValue {
  if (given === "done") return { value: true };
  if (given === "todo") return { value: false };
  return { error: 'status must be "todo" or "done"' };
}

/** A requirement number given as a string ("2"), as the earlier plugin took it. */
function requirementNumber(given: unknown): AliasValue {
  return typeof given === "string" && /^[1-9]\d{0,8}$/.test(given)
    ? { value: Number(given) }
    : keep(given);
}

/** `scope: "target"` only said "the target given", which is what a target alone means here. */
function targetScope(given: unknown): AliasValue {
  return given === "target" ? { value: undefined } : keep(given);
}

/** Ours always validates with `--strict`, which the earlier plugin's `strict` defaulted to. */
function alwaysStrict(given: unknown): AliasValue {
  if (given === true) return { value: undefined };
  return { error: "openspec_validate always validates strictly; leave strict out" };
}

/** `with_spec: true` asked for a placeholder delta spec, which is never written here; `false` asked for nothing. */
function noPlaceholderSpec(given: unknown): AliasValue {
  if (given === false) return { value: undefined };
  return {
    error:
      "with_spec is not taken, as no placeholder delta spec is written; pass each delta spec's requirements in specs, or add one with openspec_spec_create and change",
  };
}

/** Task texts as a list of strings: one section of tasks, numbered 1.1, 1.2… */
function taskTexts(given: unknown): AliasValue {
  if (!Array.isArray(given) || !given.every((item) => typeof item === "string")) {
    return keep(given);
  }
  return { value: given.length === 0 ? undefined : [{ title: "Tasks", items: given }] };
}

/** A title as the one line of what the change does. */
function titleAsWhatChanges(given: unknown): AliasValue {
  return typeof given === "string" ? { value: [given] } : keep(given);
}

/** A passthrough command line as one string ("status --change x"), split into words without a shell. */
function commandWords(given: unknown): AliasValue {
  if (typeof given !== "string") return keep(given);
  const words = given.trim().replace(/^openspec\s+/, "");
  const split = splitCommandLine(words);
  return "error" in split ? split : { value: split.words };
}

/** `json_output` chose whether `--json` was added; `openspec_cli` adds it wherever the command has it. */
const jsonAlways = (): AliasValue => ({ value: undefined });
/** `"high"` as `"High"`: the earlier plugin took feasibility in any case. */
function capitalized(given: unknown): AliasValue {
  return typeof given === "string" && /^(low|medium|high)$/i.test(given)
    ? { value: `${given[0]?.toUpperCase()}${given.slice(1).toLowerCase()}` }
    : keep(given);
}

/** `"m"` as `"M"`: the earlier plugin took T-shirt sizes in any case. */
function upperCase(given: unknown): AliasValue {
  return typeof given === "string" && /^(xs|s|m|l|xl)$/i.test(given)
    ? { value: given.toUpperCase() }
    : keep(given);
}

/** A list given as one string, one item a line, as the earlier plugin took it. */
function linesAsList(given: unknown): AliasValue {
  if (typeof given !== "string") return keep(given);
  const items = given
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return { value: items.length === 0 ? undefined : items };
}

/** `identifier` and `project` named a registered source in the earlier plugin. */
const sourceAliases: readonly ArgumentAlias[] = [
  { alias: "identifier", field: "source" },
  { alias: "project", field: "source" },
];

/** Tools that take a change by the name `change`, which the earlier plugin also took as `change_id`. */
const changeAliases: readonly ArgumentAlias[] = [
  ...sourceAliases,
  { alias: "change_id", field: "change" },
];

/** Per tool name: the aliases it accepts, applied in this order before its input schema parses. */
export const argumentAliases: Readonly<Record<string, readonly ArgumentAlias[]>> = {
  openspec_show: [
    { alias: "name", field: "target" },
    { alias: "requirements_only", field: "requirements" },
    { alias: "requirement", field: "requirement", value: requirementNumber },
  ],
  openspec_validate: [
    { alias: "scope", field: "scope", value: targetScope },
    { alias: "strict", field: "strict", value: alwaysStrict },
  ],
  openspec_spec_create: [...sourceAliases, { alias: "spec", field: "name" }],
  openspec_spec_show: [...sourceAliases, { alias: "spec", field: "name" }],
  openspec_spec_list: sourceAliases,
  openspec_spec_diff: sourceAliases,
  openspec_change_create: [
    ...sourceAliases,
    { alias: "change", field: "name" },
    { alias: "change_id", field: "name" },
    { alias: "summary", field: "why" },
    { alias: "title", field: "what_changes", value: titleAsWhatChanges },
    { alias: "tasks", field: "tasks", value: taskTexts },
    { alias: "with_spec", field: "with_spec", value: noPlaceholderSpec },
  ],
  // Its `source` (another name for origin) is not taken: `source` names the registered source here.
  openspec_idea_create: sourceAliases,
  openspec_idea_enrich: [
    ...sourceAliases,
    { alias: "slug", field: "idea" },
    { alias: "t_shirt_size", field: "tshirt_size" },
    { alias: "feasibility", field: "feasibility", value: capitalized },
    { alias: "tshirt_size", field: "tshirt_size", value: upperCase },
    { alias: "key_questions", field: "key_questions", value: linesAsList },
    { alias: "risks", field: "risks", value: linesAsList },
  ],
  openspec_idea_promote: [
    ...sourceAliases,
    { alias: "slug", field: "idea" },
    { alias: "change_id", field: "change" },
    { alias: "summary", field: "why" },
  ],
  openspec_task_list: changeAliases,
  openspec_task_set_status: [
    ...changeAliases,
    { alias: "tasks", field: "ids" },
    { alias: "task_ids", field: "ids" },
    { alias: "status", field: "done", value: statusAsDone },
  ],
  openspec_change_promote: [...changeAliases, { alias: "replace_tasks", field: "force" }],
  openspec_change_sequence_set: [
    ...sourceAliases,
    { alias: "group_id", field: "group" },
    { alias: "groupId", field: "group" },
    { alias: "dependencies", field: "depends_on" },
  ],
  openspec_change_archive: changeAliases,
  openspec_change_unarchive: changeAliases,
  openspec_cli: [
    ...sourceAliases,
    { alias: "command", field: "args", value: commandWords },
    { alias: "json_output", field: "json_output", value: jsonAlways },
  ],
};
