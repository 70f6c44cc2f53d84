/** More text than the dashboard renders as markdown: 128 KiB renders in about 0.35 s when plain. */
export const MAX_MARKDOWN_CHARS = 128 * 1024;
/** Deeper than any document nests quotes or lists; 1,000 levels overflow the renderer's stack. */
export const MAX_MARKDOWN_NESTING = 100;
/** Emphasis markers (`*`, `_`) or link openers (`[`) in one paragraph past which it is not prose. */
export const MAX_MARKERS_PER_BLOCK = 1000;

/**
 * Why a text from a repository is not worth rendering as markdown, or null
 * when it is. remark's parser (micromark) is super-linear on runs of emphasis
 * markers within one paragraph, since each closer looks back over every
 * opener: 16 KB of `*_` took 1.1 s on an idle core, 40 KB 5.2 s, and it
 * recurses once per level of quotes and lists, so 1,000 levels of `>` throw
 * "Maximum call stack size exceeded". These checks are one pass over the
 * text and catch those shapes before any parsing; the worker's time limit
 * (`MarkdownRenderer`) covers what they do not.
 */
export function markdownRisk(text: string): string | null {
  if (text.length > MAX_MARKDOWN_CHARS) {
    return `it is longer than ${MAX_MARKDOWN_CHARS / 1024} KiB`;
  }
  let emphasis = 0;
  let links = 0;
  let fenced = false;
  for (const line of text.split("\n")) {
    const trimmed = line.trimStart();
    if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
      fenced = !fenced;
      continue;
    }
    // A code block is not parsed for emphasis or links.
    if (fenced) continue;
    if (trimmed === "") {
      emphasis = 0;
      links = 0;
      continue;
    }
    if (nestingOf(line) > MAX_MARKDOWN_NESTING) {
      return `it nests quotes or lists more than ${MAX_MARKDOWN_NESTING} levels deep`;
    }
    for (let index = 0; index < line.length; index += 1) {
      const char = line.charCodeAt(index);
      if (char === 0x2a || char === 0x5f) emphasis += 1;
      else if (char === 0x5b) links += 1;
    }
    if (emphasis > MAX_MARKERS_PER_BLOCK) {
      return `a paragraph holds more than ${MAX_MARKERS_PER_BLOCK} emphasis markers (* or _)`;
    }
    if (links > MAX_MARKERS_PER_BLOCK) {
      return `a paragraph holds more than ${MAX_MARKERS_PER_BLOCK} link openers ([)`;
    }
  }
  return null;
}

/**
 * How deep a line nests containers at most: each `>` or list marker at its
 * start opens one, and every two columns of indentation may continue one.
 */
function nestingOf(line: string): number {
  let depth = 0;
  let columns = 0;
  let index = 0;
  while (index < line.length) {
    const char = line[index];
    if (char === " ") columns += 1;
    else if (char === "\t") columns += 4;
    else if (char === ">") depth += 1;
    else if (
      (char === "-" || char === "+" || char === "*") &&
      /[ \t]/.test(line[index + 1] ?? "")
    ) {
      depth += 1;
    } else {
      const ordered = /^\d{1,9}[.)][ \t]/.exec(line.slice(index, index + 11));
      if (ordered === null) break;
      depth += 1;
      index += ordered[0].length - 1;
    }
    index += 1;
  }
  return depth + Math.floor(columns / 2);
}
