/** One log line on stderr: stdout belongs to the protocol. */
export function writeLog(message: string): void {
  process.stderr.write(`[openspec-mcp] ${message}\n`);
}
