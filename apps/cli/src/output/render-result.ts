import type { ToolResult } from "@org/openspec-core";
import { escapeControlCharactersDeep } from "./escape-control-characters.js";
import { failureDetails } from "./failure-details.js";
import { readNotices } from "./read-notices.js";
import { renderers } from "./renderers.js";
import { paint, type Terminal } from "./terminal.js";

/**
 * Prints a tool result: the exact JSON with `--json`, else a readable view
 * with control characters made visible. Returns the exit code: 0 when ok, 1 when not.
 */
export function renderResult(
  terminal: Terminal,
  tool: string,
  result: ToolResult,
  json: boolean,
): number {
  if (json) {
    terminal.out(JSON.stringify(result, null, 2));
    return result.ok ? 0 : 1;
  }
  const shown = escapeControlCharactersDeep(result);
  if (!shown.ok) {
    const details = failureDetails(shown, terminal);
    if (details) terminal.err(details);
    terminal.err(
      `${paint(terminal, "red", "error")} ${shown.error} ${paint(terminal, "dim", `(${shown.code})`)}`,
    );
    if (shown.fix) terminal.err(`${paint(terminal, "bold", "fix")}   ${shown.fix}`);
    const stderr = typeof shown.stderr === "string" ? shown.stderr.trim() : "";
    if (stderr) terminal.err(paint(terminal, "dim", stderr));
    return 1;
  }
  const render = renderers[tool];
  terminal.out(render ? render(shown, terminal) : JSON.stringify(shown, null, 2));
  for (const notice of readNotices(tool, shown)) {
    terminal.err(`${paint(terminal, "yellow", "warning")} ${notice}`);
  }
  return 0;
}
