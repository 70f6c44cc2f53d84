import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Session } from "../session.js";
import { USAGE_ERROR } from "../usage-error.js";
import { readStdin } from "./read-stdin.js";

/**
 * JSON given inline, as @file, or as - for stdin. A value that cannot be read
 * is a usage error: it is printed, the exit code becomes 2, and undefined comes back.
 */
export async function readJsonArgument(
  session: Session,
  flag: string,
  value: string,
): Promise<{ value: unknown } | undefined> {
  try {
    const text =
      value === "-"
        ? await readStdin()
        : value.startsWith("@")
          ? readFileSync(resolve(session.cwd, value.slice(1)), "utf8")
          : value;
    return { value: JSON.parse(text) };
  } catch (error) {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    const reason = error instanceof SyntaxError ? "is not valid JSON" : "cannot be read";
    session.terminal.err(`error: ${flag} "${shown}" ${reason}.`);
    session.exitCode = USAGE_ERROR;
    return undefined;
  }
}
