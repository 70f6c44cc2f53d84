/** The longest log line, so one event with a huge payload cannot flood stderr. */
const MAX_LINE = 1000;

/**
 * One log line on stderr (stdout belongs to the protocol): whatever the event
 * holds (a multi-line validation dump, a stack), it is folded onto one line
 * with the `[openspec-mcp]` prefix, so every line a client shows is one event.
 */
export function writeLog(message: string): void {
  process.stderr.write(`${logLine(message)}\n`);
}

export function logLine(message: string): string {
  return `[openspec-mcp] ${foldLogMessage(message)}`;
}

/** The event on one line, cut at `MAX_LINE` characters: what stderr and an MCP client both get. */
export function foldLogMessage(message: string): string {
  const folded = message.replace(/\s*\n\s*/g, " ").trim();
  return folded.length > MAX_LINE
    ? `${folded.slice(0, MAX_LINE)}… (${folded.length} characters)`
    : folded;
}
