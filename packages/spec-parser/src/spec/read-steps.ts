import { boundaryAt, type LineView } from "../lines/line-view.js";
import type { ScenarioStep, StepType } from "../types.js";

/** `- **GIVEN** text`, `- **When:** text`, `- **THEN**: text` */
const BOLD_STEP = /^\s*[-*+]\s+\*\*(given|when|then|and|but)(?::\*\*|\*\*:?)\s*/i;
/** `- GIVEN text`: accepted only in capitals, so ordinary prose bullets stay prose. */
const PLAIN_STEP = /^\s*[-*+]\s+(GIVEN|WHEN|THEN|AND|BUT)\b:?\s*/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const STEP_TYPES: Record<string, StepType> = {
  GIVEN: "GIVEN",
  WHEN: "WHEN",
  THEN: "THEN",
  AND: "AND",
  BUT: "BUT",
};

/**
 * The Gherkin-style bullets of a scenario body, in order. A line that
 * continues a bullet (no blank line, no new list item) is joined to it with a
 * space, as Markdown renders a soft line break.
 */
export function readSteps(view: LineView, from: number, to: number): ScenarioStep[] {
  const { lines, fenced } = view.scan;
  const steps: ScenarioStep[] = [];
  let current: ScenarioStep | null = null;
  for (let index = from; index < to; index++) {
    const line = lines[index]!;
    const match = fenced[index] ? null : (BOLD_STEP.exec(line) ?? PLAIN_STEP.exec(line));
    if (match !== null) {
      const type = STEP_TYPES[match[1]!.toUpperCase()]!;
      current = { type, text: line.slice(match[0].length).trim() };
      steps.push(current);
      continue;
    }
    if (current === null) continue;
    const text = line.trim();
    const continues =
      text !== "" && !fenced[index] && boundaryAt(view, index) === 0 && !LIST_ITEM.test(line);
    if (!continues) {
      current = null;
      continue;
    }
    current.text = current.text === "" ? text : `${current.text} ${text}`;
  }
  return steps;
}
