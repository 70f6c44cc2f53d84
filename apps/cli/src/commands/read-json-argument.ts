import type { Session } from "../session.js";
import { USAGE_ERROR } from "../usage-error.js";
import { readTextArgument } from "./read-text-argument.js";

/**
 * JSON given inline, as @file, or as - for stdin. A value that cannot be read
 * or parsed is a usage error: it is printed, the exit code becomes 2, and undefined comes back.
 */
export async function readJsonArgument(
  session: Session,
  flag: string,
  value: string,
): Promise<{ value: unknown } | undefined> {
  const text = await readTextArgument(session, flag, value);
  if (!text) return undefined;
  try {
    return { value: JSON.parse(text.value) };
  } catch {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    session.terminal.err(`error: ${flag} "${shown}" is not valid JSON.`);
    session.exitCode = USAGE_ERROR;
    return undefined;
  }
}
