import {
  parseDeltaSpec,
  parseDocument,
  parseTasks,
  type Requirement,
} from "@org/openspec-spec-parser";
import type { ChangeWarning } from "./change-warnings.js";
import { hasUntrackedListItem } from "./has-untracked-list-item.js";

/** The documents of a change one call can write. */
export type ChangeArtifactKind = "proposal" | "design" | "tasks" | "spec";

/**
 * What `openspec validate <change> --strict` (for a proposal: `openspec show`)
 * would object to in one artifact written on its own, found with the spec-parser. Only what the artifact alone
 * decides is reported; what depends on the rest of the change (a change with
 * no delta at all, a MODIFIED requirement losing a scenario of the baseline)
 * is left to the CLI's validation. A design is not checked by the CLI.
 */
export function changeArtifactWarnings(kind: ChangeArtifactKind, text: string): ChangeWarning[] {
  if (kind === "proposal") return proposalWarnings(text);
  if (kind === "tasks") return tasksWarnings(text);
  if (kind === "spec") return deltaSpecWarnings(text);
  return [];
}

/**
 * `openspec validate` 1.13.2 does not read the proposal at all; `openspec show`
 * (and so every tool that reads a change as JSON) refuses one without a Why or
 * What Changes section, so those are reported. The Why's length is checked
 * only by archive's non-blocking notes, and is left out.
 */
function proposalWarnings(text: string): ChangeWarning[] {
  const { sections } = parseDocument(text);
  // The CLI takes the first section of that heading, in any case and at any level.
  const empty = (heading: string) =>
    (
      sections.find((candidate) => candidate.heading.toLowerCase() === heading)?.content ?? ""
    ).trim() === "";
  const warnings: ChangeWarning[] = [];
  if (empty("why")) {
    warnings.push({
      code: "missing_why",
      // The sentence `openspec show` refuses the change with.
      message: "Change must have a Why section",
    });
  }
  if (empty("what changes")) {
    warnings.push({
      code: "missing_what_changes",
      message: "Change must have a What Changes section",
    });
  }
  return warnings;
}

function tasksWarnings(text: string): ChangeWarning[] {
  if (parseTasks(text).total > 0 || !hasUntrackedListItem(text)) return [];
  return [
    {
      code: "tasks_without_checkboxes",
      message:
        'No line is a checkbox task, so the change counts 0 tasks; write each as "- [ ] 1.1 Description".',
    },
  ];
}

function deltaSpecWarnings(text: string): ChangeWarning[] {
  const parsed = parseDeltaSpec(text);
  if (!parsed.ok) {
    return [
      {
        code: "no_delta_sections",
        // The sentence `openspec validate` refuses the change with.
        message:
          'No delta sections found. Add headers such as "## ADDED Requirements" or move non-delta notes outside specs/.',
      },
    ];
  }
  const delta = parsed.value;
  const warnings: ChangeWarning[] = [];
  const entries =
    delta.added.length + delta.modified.length + delta.removed.length + delta.renamed.length;
  if (entries === 0) {
    warnings.push({
      code: "no_delta_operations",
      message: "The delta spec's sections hold no requirement to add, modify, remove or rename.",
    });
  }
  const check = (operation: "ADDED" | "MODIFIED", requirement: Requirement) => {
    const of = { requirement: requirement.name };
    if (requirement.text.trim() === "") {
      warnings.push({
        code: "requirement_without_text",
        message: `${operation} "${requirement.name}" has no requirement text.`,
        ...of,
      });
    } else if (!/\b(SHALL|MUST)\b/.test(requirement.text)) {
      warnings.push({
        code: "requirement_without_shall",
        message: `${operation} "${requirement.name}" does not say SHALL or MUST.`,
        ...of,
      });
    }
    if (requirement.scenarios.length === 0) {
      warnings.push({
        code: "requirement_without_scenario",
        message: `${operation} "${requirement.name}" has no "#### Scenario:".`,
        ...of,
      });
    }
  };
  for (const requirement of delta.added) check("ADDED", requirement);
  for (const requirement of delta.modified) check("MODIFIED", requirement);
  for (const diagnostic of parsed.diagnostics) {
    if (
      diagnostic.code === "unpaired_rename" ||
      diagnostic.code === "requirement_outside_delta_section"
    ) {
      warnings.push({
        code: diagnostic.code,
        message: `Line ${diagnostic.line}: ${diagnostic.message}`,
      });
    }
  }
  return warnings;
}
