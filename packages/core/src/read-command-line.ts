import { parseArgs } from "node:util";

/** A flag a host's bin takes: a value (`--port 3845`, `--port=3845`) or a switch (`--open`). */
export type FlagSpec = { type: "string" | "boolean"; multiple?: boolean };

/** The values of the flags given; a flag not given is left out. */
export type FlagValues<Flags extends Record<string, FlagSpec>> = {
  [Name in keyof Flags]?: Flags[Name] extends { type: "boolean" }
    ? boolean
    : Flags[Name] extends { multiple: true }
      ? string[]
      : string;
};

/** What a bin's command line asks for: help, the version, a refusal in the bin's words, or serving with these flags. */
export type CommandLine<Flags extends Record<string, FlagSpec>> =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "invalid"; message: string }
  | { kind: "flags"; values: FlagValues<Flags> };

/**
 * Reads a host bin's flags with Node's `parseArgs`: `flags`, plus `--help`/`-h`
 * and `--version`/`-v`. parseArgs's own errors speak of options and
 * positionals and come one kind at a time, so the refusals are ours, one
 * sentence each: the first of --help, --version or a wrong word decides, in
 * the order given; a word that is not a flag (or a switch given a value) is
 * `Unknown argument "<word>".`, a value flag without a value is
 * `--<flag> needs a value.` (`valueNames` says "a path" instead, per flag).
 */
export function readCommandLine<const Flags extends Record<string, FlagSpec>>(
  argv: readonly string[],
  flags: Flags,
  valueNames: Partial<Record<keyof Flags, string>> = {},
): CommandLine<Flags> {
  const options = {
    ...flags,
    help: { type: "boolean", short: "h" },
    version: { type: "boolean", short: "v" },
  } as const;
  const { values, tokens } = parseArgs({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    const spec: FlagSpec | undefined =
      token.kind === "option" ? options[token.name as keyof typeof options] : undefined;
    if (token.kind !== "option" || spec === undefined) {
      return { kind: "invalid", message: `Unknown argument "${argv[token.index]}".` };
    }
    if (token.name === "help" || token.name === "version") return { kind: token.name };
    if (spec.type === "boolean" && token.value !== undefined) {
      return { kind: "invalid", message: `Unknown argument "${argv[token.index]}".` };
    }
    if (spec.type === "string" && !token.value) {
      const needed = valueNames[token.name as keyof Flags] ?? "a value";
      return { kind: "invalid", message: `${token.rawName} needs ${needed}.` };
    }
  }
  return { kind: "flags", values: values as FlagValues<Flags> };
}
