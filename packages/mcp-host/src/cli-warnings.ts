export const MAX_CLI_WARNINGS = 20;

/**
 * What the OpenSpec CLI warned about in a tool call that went through: the
 * lines it wrote to stderr (with `--json` it prints its warnings there, e.g.
 * `Invalid 'context' field in config (must be string)`), the diagnostics of
 * severity `warning` in its JSON, and the string `warnings` an archive
 * reports. They are in the result too; sent as log messages, a client shows
 * them as warnings rather than leaving them inside a result nobody reads
 * whole. A failed call's stderr is its error, already in the answer. At
 * most `MAX_CLI_WARNINGS`, then one line saying how many more the result holds:
 * a repository's files must not flood the client's log.
 */
export function cliWarnings(result: unknown): string[] {
  if (typeof result !== "object" || result === null) return [];
  const { ok, stderr, diagnostics, warnings } = result as Record<string, unknown>;
  if (ok !== true) return [];
  const found: string[] = [];
  if (typeof stderr === "string") {
    for (const line of stderr.split("\n")) if (line.trim() !== "") found.push(line.trim());
  }
  if (Array.isArray(diagnostics)) {
    for (const entry of diagnostics as {
      severity?: unknown;
      code?: unknown;
      message?: unknown;
    }[]) {
      if (entry?.severity === "warning" && typeof entry.message === "string") {
        found.push(
          typeof entry.code === "string" ? `${entry.code}: ${entry.message}` : entry.message,
        );
      }
    }
  }
  if (Array.isArray(warnings)) {
    for (const warning of warnings) if (typeof warning === "string") found.push(warning);
  }
  if (found.length <= MAX_CLI_WARNINGS) return found;
  const more = found.length - MAX_CLI_WARNINGS;
  return [...found.slice(0, MAX_CLI_WARNINGS), `${more} more warning(s) in the result`];
}
