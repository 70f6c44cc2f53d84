/**
 * The CLI's own title rule, kept as its regular expression so every corner
 * agrees: the first line starting `#` and whitespace, anywhere in the file,
 * code fences not skipped (a `# comment` in a shell block above the first
 * heading names the change), a leading `Change:` dropped.
 */
const CLI_TITLE = /^#\s+(?:Change:\s+)?(.+)$/im;

/**
 * The `title` of `openspec show <change> --json`. The template's bare
 * `# Proposal` names no change, so the id stands in for it, as for no title.
 * The expression is linear: the whitespace runs it may backtrack over after
 * each `#` at a line start do not overlap.
 */
export function cliChangeTitle(proposal: string, id: string): string {
  const title = CLI_TITLE.exec(proposal)?.[1]?.trim();
  return title && title.toLowerCase() !== "proposal" ? title : id;
}
