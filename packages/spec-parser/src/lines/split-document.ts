/**
 * The document after the normalization every CLI parser applies: a leading
 * BOM removed, CRLF and lone CR turned into LF. Tolerates a non-string from
 * untyped callers by reading it as an empty document.
 */
export function normalizeDocument(markdown: unknown): string {
  if (typeof markdown !== "string") return "";
  const withoutBom = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  return withoutBom.includes("\r") ? withoutBom.replace(/\r\n?/g, "\n") : withoutBom;
}

/** The normalized document's lines, split as the CLI splits them. */
export function splitDocument(markdown: unknown): string[] {
  return normalizeDocument(markdown).split("\n");
}
