// Reads an argument array for `openspec_cli` against the command table and
// rebuilds the argv that will run, so what runs is exactly what was checked:
// the command's words, its positionals, then each option as `--flag` or
// `--flag=value` (a value can never be read as another option), then
// `--json` where the command has it. commander's own parsing cannot serve
// here: the point is to refuse before the CLI sees anything.
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { cliCommandTable, cliGroupOptions } from "./cli-command-table.js";
import type { CliCommand, CliOption, CliValue } from "./cli-command-types.js";

/** An argument array the table accepts, with what the handler still checks on disk. */
export type CheckedCliCall = {
  command: CliCommand;
  /** The argv to run, after the binary. */
  argv: string[];
  /** True when the call only asks for help, which reads nothing. */
  help: boolean;
  /** The positionals, by label, and option values, by flag, as given. */
  positionals: Map<string, string>;
  values: Map<string, string>;
};

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const COUNT = /^[1-9]\d{0,8}$/;
const LIST = /^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$/;
// Control characters other than tab and line breaks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The command an argument array names, its group options skipped, or undefined. */
function findCommand(args: readonly string[]): { command: CliCommand; rest: string[] } | undefined {
  let best: { command: CliCommand; rest: string[] } | undefined;
  for (const command of cliCommandTable) {
    const rest = [...args];
    let matched = true;
    for (const [index, word] of command.words.entries()) {
      const group = cliGroupOptions.find((entry) => entry.group === command.words[index - 1]);
      // `openspec config --scope global list`: a group's option may sit before its subcommand.
      while (group && rest[0]?.startsWith("--")) {
        const [flag, inline] = splitInline(rest[0]);
        if (!group.options.some((option) => option.flag === flag)) break;
        rest.splice(0, inline === undefined ? 2 : 1);
      }
      const names =
        index === command.words.length - 1 ? [word, ...(command.aliases ?? [])] : [word];
      if (!names.includes(rest[0] ?? "")) {
        matched = false;
        break;
      }
      rest.shift();
    }
    if (matched && (best === undefined || command.words.length > best.command.words.length)) {
      best = { command, rest };
    }
  }
  return best;
}

function splitInline(token: string): [string, string | undefined] {
  const at = token.indexOf("=");
  return at < 0 ? [token, undefined] : [token.slice(0, at), token.slice(at + 1)];
}

/** Why a value breaks its rule, or undefined when it keeps it. */
function findValueProblem(label: string, value: string, rule: CliValue): string | undefined {
  if (Array.isArray(rule)) {
    return rule.includes(value) ? undefined : `${label} must be one of ${rule.join(", ")}.`;
  }
  switch (rule) {
    case "name":
      return NAME.test(value) && !value.includes("..")
        ? undefined
        : `${label} must be a name of letters, digits, ".", "_" and "-" (no path, not starting with "-").`;
    case "path-name":
      return value.split("/").every((part) => NAME.test(part) && !part.includes(".."))
        ? undefined
        : `${label} must be a name, or names joined by "/" (no "..", not starting with "/" or "-").`;
    case "count":
      return COUNT.test(value) ? undefined : `${label} must be a positive whole number.`;
    case "list":
      return LIST.test(value) ? undefined : `${label} must be names joined by commas.`;
    case "text":
      return value.length <= 10_000 && !CONTROL.test(value)
        ? undefined
        : `${label} must be text of at most 10000 characters without control characters.`;
  }
}

function valueFailure(label: string, value: string, rule: string): ToolFailure {
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return toolFailure("invalid_input", `${label} ${JSON.stringify(shown)} is refused.`, rule);
}

/**
 * The checked call, or `unknown_command` (no CLI command starts so),
 * `command_not_allowed` (interactive, refused, or a refused option, with
 * `kind`), `invalid_input` (an unknown option, a value that breaks its rule).
 * `readOnly` refuses commands that write.
 */
export function checkCliArguments(
  args: readonly string[],
  readOnly: boolean,
): ({ ok: true } & CheckedCliCall) | ToolFailure {
  const found = findCommand(args);
  if (found === undefined) {
    const firsts = [...new Set(cliCommandTable.map((command) => command.words[0]))];
    return toolFailure(
      "unknown_command",
      `"${args.slice(0, 2).join(" ")}" is not a command of the OpenSpec CLI.`,
      `Start args with a command: ${firsts.join(", ")}.`,
    );
  }
  const { command, rest } = found;
  const shown = `openspec ${command.words.join(" ")}`;
  if (rest.includes("--help") || rest.includes("-h")) {
    return {
      ok: true,
      command,
      argv: [...command.words, "--help"],
      help: true,
      positionals: new Map(),
      values: new Map(),
    };
  }
  if (command.kind === "interactive" || command.kind === "refused") {
    const refusal = command.refusal ?? { reason: "is not offered", fix: "Run it in a terminal." };
    return toolFailure(
      "command_not_allowed",
      `\`${shown}\` ${refusal.reason}, so it is not run here.`,
      refusal.fix,
      { kind: command.kind },
    );
  }
  if (command.kind === "write" && readOnly) {
    return toolFailure(
      "command_not_allowed",
      `\`${shown}\` writes to the repository, and this host offers only commands that read.`,
      "Ask for access that may write, or run a command that reads.",
      { kind: "write" },
    );
  }

  const given: string[] = [];
  const options: string[] = [];
  const values = new Map<string, string>();
  for (let index = 0; index < rest.length; index++) {
    const token = rest[index] ?? "";
    if (token === "--") {
      given.push(...rest.slice(index + 1));
      break;
    }
    if (!token.startsWith("-") || token === "-") {
      given.push(token);
      continue;
    }
    const [flag, inline] = token.startsWith("--") ? splitInline(token) : [token, undefined];
    const option = command.options.find(
      (candidate: CliOption) => candidate.flag === flag || candidate.short === flag,
    );
    if (option === undefined) {
      const known = command.options.filter((candidate) => candidate.refused === undefined);
      return toolFailure(
        "invalid_input",
        `\`${shown}\` has no option ${flag}.`,
        known.length === 0
          ? `Call \`${shown}\` without options.`
          : `Use its options: ${known.map((candidate) => candidate.flag).join(", ")}.`,
      );
    }
    if (option.refused !== undefined) {
      return toolFailure(
        "command_not_allowed",
        `${option.flag} of \`${shown}\` ${option.refused.reason}, so it is not passed on.`,
        option.refused.fix,
        { kind: "refused" },
      );
    }
    if (option.value === undefined) {
      if (inline !== undefined) {
        return toolFailure(
          "invalid_input",
          `${option.flag} takes no value.`,
          `Pass ${option.flag} alone.`,
        );
      }
      // `--json` is added below wherever the command has it.
      if (option.flag !== "--json") options.push(option.flag);
      continue;
    }
    const value = inline ?? rest[++index];
    if (value === undefined) {
      return toolFailure(
        "invalid_input",
        `${option.flag} needs a value.`,
        `Pass ${option.flag} followed by its value.`,
      );
    }
    const problem = findValueProblem(option.flag, value, option.value);
    if (problem !== undefined) return valueFailure(option.flag, value, problem);
    values.set(option.flag, value);
    options.push(`${option.flag}=${value}`);
  }

  if (given.length > command.positionals.length) {
    return toolFailure(
      "invalid_input",
      `\`${shown}\` takes at most ${command.positionals.length} argument(s) besides options, got ${given.length}.`,
      `Pass ${command.positionals.map((positional) => positional.label).join(", ") || "options only"}.`,
    );
  }
  const positionals = new Map<string, string>();
  for (const [index, positional] of command.positionals.entries()) {
    const value = given[index];
    if (value === undefined) {
      if (!positional.required) continue;
      return toolFailure(
        "invalid_input",
        `\`${shown}\` needs its ${positional.label}.`,
        `Pass the ${positional.label} after the command's words.`,
      );
    }
    const problem = findValueProblem(positional.label, value, positional.value);
    if (problem !== undefined) return valueFailure(positional.label, value, problem);
    positionals.set(positional.label, value);
  }
  return {
    ok: true,
    command,
    argv: [...command.words, ...given, ...options, ...(command.json ? ["--json"] : [])],
    help: false,
    positionals,
    values,
  };
}
