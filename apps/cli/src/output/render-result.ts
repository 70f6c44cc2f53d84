import type { ToolResult } from "@org/openspec-core";
import { readNotices } from "./read-notices.js";
import { renderers } from "./renderers.js";
import { paint, type Terminal } from "./terminal.js";

/**
 * Prints a tool result: the exact JSON with `--json`, else a readable view.
 * Returns the exit code: 0 when ok, 1 when not.
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
  if (!result.ok) {
    terminal.err(
      `${paint(terminal, "red", "error")} ${result.error} ${paint(terminal, "dim", `(${result.code})`)}`,
    );
    if (result.fix) terminal.err(`${paint(terminal, "bold", "fix")}   ${result.fix}`);
    const stderr = typeof result.stderr === "string" ? result.stderr.trim() : "";
    if (stderr) terminal.err(paint(terminal, "dim", stderr));
    return 1;
  }
  const render = renderers[tool];
  terminal.out(render ? render(result, terminal) : JSON.stringify(result, null, 2));
  for (const notice of readNotices(tool, result)) {
    terminal.err(`${paint(terminal, "yellow", "warning")} ${notice}`);
  }
  return 0;
}
