import { fenceFlags, isLevelTwoBoundary, isNamedSection } from "./merge-lines.js";

/** `<!-- ... -->` (or `--!>`) blanked to spaces, line breaks kept; an unclosed comment runs to the end. */
function maskHtmlComments(content: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  let out = "";
  let index = 0;
  for (;;) {
    const open = content.indexOf("<!--", index);
    if (open === -1) return out + content.slice(index);
    out += content.slice(index, open);
    const arrow = content.indexOf("-->", open + 4);
    const bang = content.indexOf("--!>", open + 4);
    const close =
      arrow === -1 && bang === -1
        ? -1
        : bang === -1 || (arrow !== -1 && arrow <= bang)
          ? arrow + 3
          : bang + 4;
    if (close === -1) return out + blank(content.slice(open));
    out += blank(content.slice(open, close));
    index = close;
  }
}

/**
 * The body of the `## Purpose` section as written, or undefined when there is
 * none or it holds nothing but fenced code and HTML comments. Structure is
 * read with fences and comments masked, as the archive reads it.
 */
export function readPurposeSection(content: string): string | undefined {
  const normalized = content.replace(/\r\n?/g, "\n");
  const lines = normalized.split("\n");
  const masked = maskHtmlComments(normalized).split("\n");
  const fenced = fenceFlags(masked);
  const start = masked.findIndex(
    (line, index) => fenced[index] === 0 && isNamedSection(line, "Purpose"),
  );
  if (start === -1) return undefined;
  let end = masked.length;
  for (let index = start + 1; index < masked.length; index++) {
    if (fenced[index] === 0 && isLevelTwoBoundary(masked[index]!)) {
      end = index;
      break;
    }
  }
  const prose = masked
    .slice(start + 1, end)
    .filter((_, offset) => fenced[start + 1 + offset] === 0)
    .join("\n")
    .trim();
  if (!prose) return undefined;
  return (
    lines
      .slice(start + 1, end)
      .join("\n")
      .trim() || undefined
  );
}
