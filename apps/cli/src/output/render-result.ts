import type { ResultBlock, ToolSuccess } from "@org/openspec-core";
import { escapeControlCharactersDeep } from "./escape-control-characters.js";
import { failureDetails } from "./failure-details.js";
import { printBlocks } from "./print-blocks.js";
import type { PrintedResult } from "./printed-result.js";
import { paint, type Terminal } from "./terminal.js";

/** How a success reads for people; a tool's `presentation.render`. */
export type Render = (result: ToolSuccess) => readonly ResultBlock[];

/**
 * Prints a tool result: the exact JSON with `--json`, else a readable view
 * (the tool's own blocks, or JSON for results without a view) with control
 * characters made visible. Returns the exit code: 0 when ok, 1 when not.
 */
export function renderResult(
  terminal: Terminal,
  result: PrintedResult,
  json: boolean,
  render?: Render,
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
  if (!render) {
    terminal.out(JSON.stringify(shown, null, 2));
    return 0;
  }
  // The blocks are escaped too: a view may build text the result did not hold as such.
  printBlocks(terminal, escapeControlCharactersDeep(render(shown)));
  return 0;
}
