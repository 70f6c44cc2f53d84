// The shapes of the OpenSpec CLI's command table (cli-command-table.ts): what
// a command does, how each value is checked, and what openspec_cli may pass on.

/**
 * What a command does: `read` only reads the repository (and the CLI's own
 * schemas); `write` writes inside the repository; `interactive` needs a
 * terminal; `refused` writes or reads outside the repository, or reaches the
 * network, and is never run here.
 */
export type CliCommandKind = "read" | "write" | "interactive" | "refused";

/**
 * How an option's value (or a positional) is checked: `name` a change, spec,
 * schema or artifact name (no path, never an option); `path-name` a name that
 * may hold `/` between safe segments (spec ids such as `area/auth`); `text`
 * free text; `count` a positive whole number; `list` comma-separated names;
 * an array: one of these words.
 */
export type CliValue = "name" | "path-name" | "text" | "count" | "list" | readonly string[];

/** One option as the CLI's help lists it. */
export type CliOption = {
  /** The long flag, e.g. `--change`; a negated one keeps its `--no-`. */
  flag: string;
  /** Its one-letter form, e.g. `-r`. */
  short?: string;
  /** The value it takes; absent for a switch. */
  value?: CliValue;
  /** Why it is never passed on, when it is not: it would lead outside the repository. */
  refused?: { reason: string; fix: string };
};

/** One command (a leaf of the CLI's command tree). */
export type CliCommand = {
  /** The words that name it, e.g. `["schema", "which"]`. */
  words: readonly string[];
  /** Other names commander takes for the last word, e.g. `ls` for `list`. */
  aliases?: readonly string[];
  kind: CliCommandKind;
  /** Whether the CLI prints one JSON document with `--json` (added by `openspec_cli`). */
  json: boolean;
  /** Positional arguments, in order; `required` ones first. */
  positionals: readonly { label: string; required: boolean; value: CliValue }[];
  options: readonly CliOption[];
  /** For `interactive` and `refused`: why, and what to do instead. */
  refusal?: { reason: string; fix: string };
  /** For `write`: the folders under `openspec/` it writes into, checked to stay inside. */
  writes?: readonly string[];
};
