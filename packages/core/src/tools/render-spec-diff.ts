import type { ResultBlock } from "../tool-presentation.js";
import { renderDiagnostics } from "./render-diagnostics.js";
import type { RequirementChangeView, SpecDiffView } from "./spec-diff-output.js";

/** One spec's diff for people: its requirements as a table, its findings, then the unified diff. */
export function renderSpecDiff(diff: SpecDiffView): ResultBlock[] {
  const blocks: ResultBlock[] = [
    { kind: "heading", text: `${diff.spec}${diff.baseline_exists ? "" : " (new spec)"}` },
  ];
  if (diff.requirements.length > 0) {
    blocks.push({
      kind: "table",
      columns: ["operation", "requirement", "scenarios", "text"],
      rows: diff.requirements.map((requirement) => [
        requirement.operation,
        requirement.from === undefined
          ? requirement.name
          : `${requirement.from} -> ${requirement.name}`,
        scenarioCounts(requirement),
        requirement.text_changed ? "changed" : "",
      ]),
      empty: "",
    });
  }
  blocks.push(...renderDiagnostics(diff.diagnostics));
  if (diff.unified_diff !== "") {
    blocks.push({ kind: "diff", title: diff.path, text: diff.unified_diff });
  } else if (!diff.truncated) {
    blocks.push({ kind: "text", text: `${diff.path}: no change`, tone: "dim" });
  }
  if (diff.truncated) {
    blocks.push({
      kind: "notice",
      text: `${diff.path}: cut; --detail full shows it whole.`,
    });
  }
  return blocks;
}

function scenarioCounts(requirement: RequirementChangeView): string {
  const { scenarios } = requirement;
  if (!scenarios) return "";
  const parts = [
    scenarios.added.length > 0 ? `+${scenarios.added.length}` : "",
    scenarios.removed.length > 0 ? `-${scenarios.removed.length}` : "",
    scenarios.changed.length > 0 ? `~${scenarios.changed.length}` : "",
  ].filter((part) => part !== "");
  return parts.join(" ");
}
