import { boundaryAt, type LineView } from "../lines/line-view.js";
import type { ScenarioStep } from "../types.js";
import { readStepLine, startsListItem } from "./step-line.js";

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
    const step = fenced[index] ? null : readStepLine(line);
    if (step !== null) {
      current = { type: step.type, text: line.slice(step.textStart).trim() };
      steps.push(current);
      continue;
    }
    if (current === null) continue;
    const text = line.trim();
    const continues =
      text !== "" && !fenced[index] && boundaryAt(view, index) === 0 && !startsListItem(line);
    if (!continues) {
      current = null;
      continue;
    }
    current.text = current.text === "" ? text : `${current.text} ${text}`;
  }
  return steps;
}
