/**
 * An expected failure, as every openspec-agent package returns it: a stable
 * snake_case `code` from the package's own union, one sentence in `error`,
 * and, where there is something to do about it, a `fix`. Packages add their
 * own fields (candidates, path, the CLI run's envelope) by intersection.
 */
export type Failure<Code extends string = string> = {
  ok: false;
  /** A stable snake_case code a caller can branch on. */
  code: Code;
  /** One sentence that says what went wrong. */
  error: string;
  /** One sentence or command that says what to do about it. */
  fix?: string;
};

/**
 * Builds a failure, `ok`, `code`, `error` and `fix` first so the JSON reads in
 * that order; `fix` is left out when there is none, and `extra` follows.
 */
export function failure<Code extends string, Extra extends object = Record<never, never>>(
  code: Code,
  error: string,
  fix?: string,
  extra?: Extra,
): Failure<Code> & Extra {
  const base: Failure<Code> =
    fix === undefined ? { ok: false, code, error } : { ok: false, code, error, fix };
  return { ...base, ...(extra as Extra) };
}

export { editDistance } from "./edit-distance.js";
export { markOpenSpecCommands } from "./mark-openspec-commands.js";
export { nameCloseness } from "./name-closeness.js";
