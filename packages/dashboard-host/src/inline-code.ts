import { html, type SafeHtml } from "./html.js";

/**
 * One line of text (a task) with its code spans as `<code>`, the rest
 * escaped: what the proposal's markdown shows for `` `name` ``, without
 * rendering a whole markdown document inside a checkbox's label. A code span
 * is a run of backticks closed by the next run of the same length, as in
 * CommonMark; an unclosed run stays as it is.
 */
export function inlineCode(text: string): SafeHtml {
  const parts: (string | SafeHtml)[] = [];
  let at = 0;
  let searchFrom = 0;
  while (searchFrom < text.length) {
    const open = text.indexOf("`", searchFrom);
    if (open === -1) break;
    let openEnd = open;
    while (text[openEnd] === "`") openEnd += 1;
    const fence = text.slice(open, openEnd);
    const close = closingRun(text, openEnd, fence.length);
    if (close === -1) {
      searchFrom = openEnd;
      continue;
    }
    let code = text.slice(openEnd, close);
    // One space on both sides is padding, as CommonMark strips it.
    if (code.length > 2 && code.startsWith(" ") && code.endsWith(" ") && code.trim() !== "") {
      code = code.slice(1, -1);
    }
    parts.push(text.slice(at, open), html`<code>${code}</code>`);
    at = close + fence.length;
    searchFrom = at;
  }
  parts.push(text.slice(at));
  return html`${parts}`;
}

/** Where the next run of exactly `length` backticks from `from` starts, or -1. */
function closingRun(text: string, from: number, length: number): number {
  let index = text.indexOf("`", from);
  while (index !== -1) {
    let end = index;
    while (text[end] === "`") end += 1;
    if (end - index === length) return index;
    index = text.indexOf("`", end);
  }
  return -1;
}
