/** Text made safe for one GitHub table cell: pipes escaped, line breaks flattened. */
export function cell(text) {
  return String(text)
    .replace(/\s*\n\s*/g, " ")
    .replaceAll("|", "\\|");
}

/** A GitHub table from a header row and body rows of cell text. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * The first sentence of a description: up to the first `.`, `!` or `?` that
 * ends a word, so `e.g.` and `openspec/specs/<name>/spec.md` do not cut it.
 */
export function firstSentence(text) {
  for (const match of text.matchAll(/[.!?](?=\s|$)/g)) {
    const before = text.slice(0, match.index);
    if (/\b(e\.g|i\.e|etc)$/i.test(before)) continue;
    return text.slice(0, match.index + 1).trim();
  }
  return text.trim();
}
