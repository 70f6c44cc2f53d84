/** A fence opening or closing a code block: three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** An ATX heading: one to six `#` and a space (or nothing) after them. */
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/**
 * The headings of a Markdown text, one a line, outside code blocks: a spec's
 * title, Purpose, each `### Requirement:` and `#### Scenario:`; a proposal's
 * sections; tasks.md's groups. What `openspec_context` answers for a spec or
 * a change with `detail: "summary"`: a spec of 150 KB is some 40,000 tokens,
 * more than some clients keep of a tool's answer, while its outline names
 * every requirement in a few hundred. One pass over the lines, so hostile
 * text costs linear time.
 */
export function outlineMarkdown(text: string): string {
  const headings: string[] = [];
  let fence: string | undefined;
  for (const line of text.split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence === undefined && HEADING.test(line)) headings.push(line.trimEnd());
  }
  return headings.join("\n");
}
