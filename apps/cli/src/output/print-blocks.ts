import type { ResultBlock, Tone } from "@org/openspec-core";
import { formatTable } from "./format-table.js";
import { paint, type Style, type Terminal } from "./terminal.js";

const TONES: Readonly<Record<Tone, Style | undefined>> = {
  plain: undefined,
  dim: "dim",
  strong: "bold",
  good: "green",
  bad: "red",
  warning: "yellow",
};

/**
 * Lays out a result's blocks for the terminal: headings and documents set
 * apart by a blank line, tables in aligned columns, checklists with a
 * progress line, diffs coloured by line. Notices go to stderr as `warning`
 * lines after the rest.
 */
export function printBlocks(terminal: Terminal, blocks: readonly ResultBlock[]): void {
  const parts: string[] = [];
  const notices: string[] = [];
  const tone = (text: string, name: Tone | undefined) => {
    const style = TONES[name ?? "plain"];
    return style ? paint(terminal, style, text) : text;
  };
  for (const block of blocks) {
    const spaced = parts.length > 0 ? "\n" : "";
    switch (block.kind) {
      case "heading":
        parts.push(`${spaced}${paint(terminal, "bold", block.text)}`);
        break;
      case "text":
        parts.push(tone(block.text.trimEnd(), block.tone));
        break;
      case "table":
        parts.push(
          block.rows.length === 0
            ? block.empty
            : formatTable(
                [...block.columns],
                block.rows.map((row) => [...row]),
              ),
        );
        break;
      case "checklist": {
        const done = block.items.filter((item) => item.done).length;
        parts.push(
          block.items.length === 0
            ? block.empty
            : [
                ...block.items.map((item) => `${item.done ? "[x]" : "[ ]"} ${item.text}`),
                paint(terminal, "dim", `${done}/${block.items.length} done`),
              ].join("\n"),
        );
        break;
      }
      case "document":
        parts.push(
          `${spaced}${paint(terminal, "bold", `--- ${block.title}`)}\n${block.text.trimEnd()}`,
        );
        break;
      case "diff":
        // The diff's own --- and +++ lines name the file; a title line above them would break `git apply`.
        parts.push(`${spaced}${paintDiff(terminal, block.text)}`);
        break;
      case "notice":
        notices.push(`${paint(terminal, "yellow", "warning")} ${block.text}`);
        break;
    }
  }
  if (parts.length > 0) terminal.out(parts.join("\n"));
  for (const notice of notices) terminal.err(notice);
}

/** A unified diff line by line: file headers bold, hunk headers cyan, additions green, removals red. */
function paintDiff(terminal: Terminal, text: string): string {
  return text
    .trimEnd()
    .split("\n")
    .map((line) => {
      if (line.startsWith("+++ ") || line.startsWith("--- ")) return paint(terminal, "bold", line);
      if (line.startsWith("@@")) return paint(terminal, "cyan", line);
      if (line.startsWith("+")) return paint(terminal, "green", line);
      if (line.startsWith("-")) return paint(terminal, "red", line);
      return line;
    })
    .join("\n");
}
