import { warning } from "../diagnostic.js";
import { childHeadings } from "../lines/child-headings.js";
import { boundaryAt, joinTrimmed, type LineView, sectionEnd, titleAt } from "../lines/line-view.js";
import type { Requirement, Scenario, SpecDiagnostic } from "../types.js";
import { readSteps } from "./read-steps.js";
import { readRequirementDescription } from "./requirement-description.js";
import { requirementName, scenarioName } from "./requirement-name.js";
import { readRequirementText } from "./requirement-text.js";

function readScenario(
  view: LineView,
  at: number,
  heading: string,
  level: number,
  diagnostics: SpecDiagnostic[],
): Scenario | null {
  const end = sectionEnd(view, at, level);
  const rawText = joinTrimmed(view.scan, at + 1, end);
  if (rawText === "") {
    diagnostics.push(
      warning(
        "empty_scenario",
        `Scenario heading "${heading}" has no body, so it is not a scenario.`,
        at + 1,
      ),
    );
    return null;
  }
  return {
    name: scenarioName(heading),
    rawText,
    steps: readSteps(view, at + 1, end),
    line: at + 1,
  };
}

/**
 * Reads the requirement whose heading is line `at`, at `level`. Its text runs
 * to the next heading of any level; its scenarios are its direct child
 * headings of any deeper level (`####`, or a `#####` written straight under
 * it), each holding everything down to the next heading at its own level or
 * above.
 */
export function readRequirement(
  view: LineView,
  at: number,
  heading: string,
  level: number,
  diagnostics: SpecDiagnostic[],
): Requirement {
  const scenarios: Scenario[] = [];
  for (const child of childHeadings(view, at, level).children) {
    const scenario = readScenario(
      view,
      child,
      titleAt(view, child)!,
      boundaryAt(view, child),
      diagnostics,
    );
    if (scenario !== null) scenarios.push(scenario);
  }
  const end = sectionEnd(view, at, level);
  const text = readRequirementText(view, at + 1, end);
  const description = readRequirementDescription(view, at + 1, end);
  if (scenarios.length === 0) {
    diagnostics.push(
      warning("requirement_without_scenarios", `Requirement "${heading}" has no scenario.`, at + 1),
    );
  }
  return {
    name: requirementName(heading),
    heading,
    text,
    description,
    scenarios,
    line: at + 1,
  };
}
