import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Session } from "../session.js";
import { USAGE_ERROR } from "../usage-error.js";
import { readStdin } from "./read-stdin.js";

/**
 * A document given inline, as @file, or as - for stdin, exactly as written
 * (no newline added or removed). A file that cannot be read is a usage error,
 * as for JSON.
 */
export async function readTextArgument(
  session: Session,
  flag: string,
  value: string,
): Promise<{ value: string } | undefined> {
  try {
    if (value === "-") return { value: await readStdin() };
    if (value.startsWith("@"))
      return { value: readFileSync(resolve(session.cwd, value.slice(1)), "utf8") };
    return { value };
  } catch {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    session.terminal.err(`error: ${flag} "${shown}" cannot be read.`);
    session.exitCode = USAGE_ERROR;
    return undefined;
  }
}
