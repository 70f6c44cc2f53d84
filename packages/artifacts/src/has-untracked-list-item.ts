// The scan of the CLI's task-checkbox check (validation/task-checkboxes.js of
// @fission-ai/openspec 1.13.2), so a warning comes exactly where it objects.
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+\S/;
const CODE_BLOCK_COLUMN = 4;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)/;
const FRONT_MATTER = /^-{3}\s*$/;
const COMMENT_OPEN = "<!--";
const COMMENT_CLOSE = "-->";

/**
 * Whether a tasks file shows a list item where a reader sees one: outside
 * fenced code, HTML comments that open a line, YAML front matter and
 * top-level indented code.
 */
export function hasUntrackedListItem(text: string): boolean {
  const lines = text.split("\n");
  let fence: { marker: string; length: number } | undefined;
  let inComment = false;
  for (let index = frontMatterEnd(lines); index < lines.length; index++) {
    const line = lines[index] as string;
    if (inComment) {
      if (line.includes(COMMENT_CLOSE)) inComment = false;
      continue;
    }
    const run = FENCE.exec(line);
    if (run) {
      const marker = (run[1] as string)[0] as string;
      const length = (run[1] as string).length;
      if (fence === undefined) fence = { marker, length };
      else if (marker === fence.marker && length >= fence.length && (run[2] ?? "").trim() === "") {
        fence = undefined;
      }
      continue;
    }
    if (fence !== undefined) continue;
    if (line.trimStart().startsWith(COMMENT_OPEN)) {
      const after = line.indexOf(COMMENT_OPEN) + COMMENT_OPEN.length;
      if (!line.includes(COMMENT_CLOSE, after)) inComment = true;
      continue;
    }
    if (LIST_ITEM.test(line) && indentColumns(line) < CODE_BLOCK_COLUMN) return true;
  }
  return false;
}

function indentColumns(line: string): number {
  let column = 0;
  for (const char of line) {
    if (char === " ") column += 1;
    else if (char === "\t") column += CODE_BLOCK_COLUMN - (column % CODE_BLOCK_COLUMN);
    else break;
  }
  return column;
}

/** The first line after a YAML front-matter block, or 0 when there is none (or it never closes). */
function frontMatterEnd(lines: readonly string[]): number {
  const first = lines[0];
  if (first === undefined || !FRONT_MATTER.test(first.replace(/^\uFEFF/, "").trimEnd())) return 0;
  for (let index = 1; index < lines.length; index++) {
    if (FRONT_MATTER.test((lines[index] as string).trimEnd())) return index + 1;
  }
  return 0;
}
