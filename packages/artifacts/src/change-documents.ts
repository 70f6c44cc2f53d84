import { markdownBlock, stringifyDeltaSpec, stringifyTasks } from "@org/openspec-spec-parser";
import type { ChangeContentInput, DeltaSpecChangeInput } from "./change-content.js";
import type { RequirementInput } from "./spec-content.js";

/** One file of a change: its path inside the change folder (`/`-separated) and its text. */
export type ChangeDocument = { path: string; content: string };

/**
 * The files of a change, laid out as OpenSpec's `spec-driven` templates lay
 * them out: `proposal.md` (`## Why`, `## What Changes`, `## Capabilities`,
 * `## Impact`), `tasks.md` and `design.md` when given, one
 * `specs/<id>/spec.md` per delta spec. `baseline(id)` says whether the
 * capability exists already, which decides where the proposal lists it.
 */
export function changeDocuments(
  input: ChangeContentInput,
  baseline: (specId: string) => boolean,
): ChangeDocument[] {
  const documents: ChangeDocument[] = [{ path: "proposal.md", content: proposal(input, baseline) }];
  if ((input.tasks ?? []).length > 0) {
    documents.push({ path: "tasks.md", content: stringifyTasks({ sections: input.tasks ?? [] }) });
  }
  if (input.design != null) {
    documents.push({ path: "design.md", content: `${input.design.trimEnd()}\n` });
  }
  for (const spec of input.specs ?? []) {
    documents.push({ path: `specs/${spec.name}/spec.md`, content: deltaSpec(spec) });
  }
  return documents;
}

function proposal(input: ChangeContentInput, baseline: (specId: string) => boolean): string {
  const specs = input.specs ?? [];
  const created = specs.filter((spec) => !baseline(spec.name));
  const modified = specs.filter((spec) => baseline(spec.name));
  const lines = [
    "# Proposal",
    "",
    "## Why",
    "",
    // Caller Markdown as a section body: an open code fence is closed, so it cannot swallow the next section.
    markdownBlock(input.why),
    "",
    "## What Changes",
    "",
    ...input.whatChanges.map((item) => `- ${item.trim()}`),
    "",
  ];
  if (specs.length > 0) {
    lines.push("## Capabilities", "");
    if (created.length > 0) {
      lines.push("### New Capabilities", "", ...created.map(capabilityLine), "");
    }
    if (modified.length > 0) {
      lines.push("### Modified Capabilities", "", ...modified.map(capabilityLine), "");
    }
  }
  if (input.impact != null) lines.push("## Impact", "", markdownBlock(input.impact), "");
  if (input.sourceIdea != null) {
    lines.push(
      "## Source Idea",
      "",
      `- \`${input.sourceIdea.path}\`: ${input.sourceIdea.title.trim()}`,
      "",
    );
  }
  return lines.join("\n");
}

/** `- \`<id>\`: <what the delta does>`, as the template's capability lists read. */
function capabilityLine(spec: DeltaSpecChangeInput): string {
  const count = (entries: unknown[] | undefined, verb: string) =>
    (entries?.length ?? 0) === 0
      ? []
      : [`${verb} ${entries?.length} requirement${entries?.length === 1 ? "" : "s"}`];
  const parts = [
    ...count(spec.added, "adds"),
    ...count(spec.modified, "modifies"),
    ...count(spec.removed, "removes"),
    ...count(spec.renamed, "renames"),
  ];
  return `- \`${spec.name}\`: ${parts.join(", ")}`;
}

function deltaSpec(spec: DeltaSpecChangeInput): string {
  const asInput = (requirement: RequirementInput) => ({
    name: requirement.name,
    text: requirement.description,
    scenarios: requirement.scenarios ?? [],
  });
  const body = stringifyDeltaSpec({
    added: (spec.added ?? []).map(asInput),
    modified: (spec.modified ?? []).map(asInput),
    removed: spec.removed ?? [],
    renamed: spec.renamed ?? [],
  });
  // The template's `## Purpose` for a new capability comes first; archive copies it into the new spec.
  return spec.purpose === undefined
    ? body
    : `## Purpose\n\n${markdownBlock(spec.purpose)}\n\n${body}`;
}
