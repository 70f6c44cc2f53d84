/**
 * The document's lines after the normalization every CLI parser applies: a
 * leading BOM removed, CRLF and lone CR turned into LF. Tolerates a non-string
 * from untyped callers by reading it as an empty document.
 */
export function splitDocument(markdown: unknown): string[] {
  if (typeof markdown !== "string") return [""];
  const withoutBom = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  const normalized = withoutBom.includes("\r") ? withoutBom.replace(/\r\n?/g, "\n") : withoutBom;
  return normalized.split("\n");
}
