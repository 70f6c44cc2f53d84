import { type Failure, failure } from "@org/openspec-failure";

/** Why a command builder refused its input: a value the CLI could misread. */
export type ArgsFailureCode = "invalid_argument";

/** What every command builder returns. */
export type ArgsResult = { ok: true; args: string[] } | Failure<ArgsFailureCode>;

/**
 * Collects argv for one command and remembers the first unsafe value. Names
 * (changes, specs, schemas, stores, artifacts) must not start with `-`, so
 * the CLI can never read one as an option; free text (a description) may, as
 * it is always passed as the value of an option that requires one.
 */
export interface ArgvBuilder {
  /** A required name, e.g. the item of `show`. */
  name(label: string, value: string): ArgvBuilder;
  /** An optional name given as a positional argument. */
  optionalName(label: string, value: string | undefined): ArgvBuilder;
  /** `flag value` when the name is given. */
  nameOption(flag: string, value: string | undefined): ArgvBuilder;
  /** `flag value` for free text when it is given. */
  textOption(flag: string, value: string | undefined): ArgvBuilder;
  /** `flag value` when the value is one of `choices`. */
  choiceOption<T extends string>(
    flag: string,
    value: T | undefined,
    choices: readonly T[],
  ): ArgvBuilder;
  /** `flag n` for a positive integer. */
  countOption(flag: string, value: number | undefined): ArgvBuilder;
  /** `flag` when `on` is true. */
  flag(flag: string, on?: boolean): ArgvBuilder;
  /** Records a problem found by the builder itself, e.g. two options that exclude each other. */
  refuse(message: string | undefined): ArgvBuilder;
  result(): ArgsResult;
}

function findTextProblem(label: string, value: unknown): string | undefined {
  if (typeof value !== "string") return `${label} must be a string.`;
  if (value.trim() === "") return `${label} must not be empty.`;
  if (value.includes("\0")) return `${label} must not contain a NUL byte.`;
  return undefined;
}

function findNameProblem(label: string, value: unknown): string | undefined {
  const problem = findTextProblem(label, value);
  if (problem !== undefined) return problem;
  if (String(value).startsWith("-")) {
    return `${label} "${String(value)}" starts with "-" and would be read as an option.`;
  }
  return undefined;
}

/** Why `value` is not one of `choices`, or `undefined` when it is (or is not given). */
export function findChoiceProblem<T extends string>(
  label: string,
  value: T | undefined,
  choices: readonly T[],
): string | undefined {
  if (value === undefined || choices.includes(value)) return undefined;
  return `${label} must be one of ${choices.join(", ")}, got "${String(value)}".`;
}

export function startArgv(command: readonly string[]): ArgvBuilder {
  const args = [...command];
  let problem: string | undefined;
  const add = (found: string | undefined, ...values: string[]) => {
    if (problem !== undefined) return;
    if (found !== undefined) problem = found;
    else args.push(...values);
  };
  const builder: ArgvBuilder = {
    name(label, value) {
      add(findNameProblem(label, value), value);
      return builder;
    },
    optionalName(label, value) {
      return value === undefined ? builder : builder.name(label, value);
    },
    nameOption(flag, value) {
      if (value !== undefined) add(findNameProblem(flag, value), flag, value);
      return builder;
    },
    textOption(flag, value) {
      if (value !== undefined) add(findTextProblem(flag, value), flag, value);
      return builder;
    },
    choiceOption(flag, value, choices) {
      if (value !== undefined) add(findChoiceProblem(flag, value, choices), flag, value);
      return builder;
    },
    countOption(flag, value) {
      if (value === undefined) return builder;
      const found =
        Number.isSafeInteger(value) && value > 0
          ? undefined
          : `${flag} must be a positive integer, got ${String(value)}.`;
      add(found, flag, String(value));
      return builder;
    },
    flag(flag, on = true) {
      if (on) add(undefined, flag);
      return builder;
    },
    refuse(message) {
      add(message);
      return builder;
    },
    result() {
      return problem === undefined
        ? { ok: true, args: [...args] }
        : failure("invalid_argument", problem);
    },
  };
  return builder;
}
