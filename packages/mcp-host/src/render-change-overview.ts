import type { ChangeAnswer } from "./find-resource-context.js";
import { CHANGE_ARTIFACTS, formatResourceUri } from "./resource-uri.js";

/**
 * What a client most wants of a change in one read: where it stands (task
 * progress), where its parts are (links to the artifact resources and to
 * the baseline spec each delta spec changes), and why it exists (the
 * proposal). An archived change has no artifact resources of its own, so
 * its design and tasks follow the proposal in full.
 */
export function renderChangeOverview(source: string, answer: ChangeAnswer): string {
  const change = answer.change;
  const lines = [
    `# ${change.archived ? "Archived change" : "Change"}: ${change.name}`,
    "",
    // A token's answers name a source's folder by the source's name: said once, not "shop (shop)".
    answer.path === source ? `- Source: ${source}` : `- Source: ${source} (${answer.path})`,
    `- Folder: ${change.path}`,
    `- Token: ${change.token}`,
    `- Tasks: ${progress(change.task_progress)}`,
  ];
  if (change.scaffolded) lines.push("- Scaffolded: the change has no proposal.md yet.");
  if (!change.archived) {
    lines.push("", "## Artifacts", "");
    for (const artifact of CHANGE_ARTIFACTS) {
      const uri = formatResourceUri({
        kind: "change_artifact",
        source,
        change: change.name,
        artifact,
      });
      lines.push(
        change[artifact] === null
          ? `- ${artifact}: none (${artifact}.md is missing or unreadable)`
          : `- [${artifact}](${uri})`,
      );
    }
  }
  lines.push("", "## Delta specs", "");
  if (change.specs.length === 0) lines.push("None.");
  for (const delta of change.specs) {
    const id = delta.path.replace(/^specs\//, "").replace(/\/spec\.md$/, "");
    const baseline = formatResourceUri({ kind: "spec", source, spec: id });
    lines.push(`- \`${id}\` (${change.path}/${delta.path}), changes [the spec](${baseline})`);
  }
  for (const warning of change.warnings ?? []) {
    lines.push("", `> ${warning.code}: ${warning.message} (${warning.path})`);
  }
  section(lines, "Proposal", change.proposal);
  if (change.archived) {
    section(lines, "Design", change.design);
    section(lines, "Tasks", change.tasks);
  }
  return `${lines.join("\n")}\n`;
}

function progress(tasks: { completed: number; total: number } | null): string {
  return tasks === null ? "no tasks.md" : `${tasks.completed} of ${tasks.total} done`;
}

/**
 * One artifact under a heading of this document. An artifact that opens with
 * its own title (OpenSpec's templates start `# Proposal`, `# Design`,
 * `# Tasks`) gives that title to the section instead of repeating it below
 * ours: `# Proposal: Add passkeys` becomes `## Proposal: Add passkeys`, and a
 * title that does not name the artifact is added to ours (`## Proposal: Add
 * passkeys` for `# Add passkeys`).
 */
function section(lines: string[], title: string, text: string | null): void {
  if (text === null) return;
  const opening = /^\s*# +(.+?)(?:[ \t]+#+)?[ \t]*(?:\r?\n|$)/.exec(text);
  const own = opening?.[1]?.trim();
  const heading =
    own === undefined
      ? title
      : own.toLowerCase().startsWith(title.toLowerCase())
        ? own
        : `${title}: ${own}`;
  const body = opening === null ? text : text.slice(opening[0].length);
  lines.push("", `## ${heading}`, "", demote(body.trim()));
}

/** The artifact's own headings one level down, so they nest under this document's sections. */
function demote(markdown: string): string {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      return !fenced && /^#{1,5} /.test(line) ? `#${line}` : line;
    })
    .join("\n");
}
