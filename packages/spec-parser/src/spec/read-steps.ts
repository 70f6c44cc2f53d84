import { boundaryAt, type LineView, lineEnd } from "../lines/line-view.js";
import { skipWhitespace, trimEndIndex } from "../lines/whitespace.js";
import type { ScenarioStep } from "../types.js";
import { readStepLine, startsListItem } from "./step-line.js";

/**
 * The Gherkin-style bullets of a scenario body, in order. A line that
 * continues a bullet (no blank line, no new list item) is joined to it with a
 * space, as Markdown renders a soft line break. A list nested under a step
 * (indented further than its bullet: `- Completed: …` under `- **THEN**
 * count tasks matching these patterns:`) belongs to that step: each nested
 * item follows on a line of its own, so no part of the step is lost.
 */
export function readSteps(view: LineView, from: number, to: number): ScenarioStep[] {
  const { text: source, starts, fenced } = view.scan;
  const steps: ScenarioStep[] = [];
  let current: ScenarioStep | null = null;
  // How far the current step's bullet is indented: a list item indented further is nested in it.
  let stepIndent = 0;
  for (let index = from; index < to; index++) {
    const start = starts[index]!;
    const end = lineEnd(view.scan, index);
    const step = fenced[index] ? null : readStepLine(source, start, end);
    if (step !== null) {
      const textEnd = trimEndIndex(source, step.textStart, end);
      current = { type: step.type, text: source.slice(step.textStart, textEnd) };
      stepIndent = skipWhitespace(source, start, end) - start;
      steps.push(current);
      continue;
    }
    if (current === null) continue;
    const textStart = skipWhitespace(source, start, end);
    const textEnd = trimEndIndex(source, textStart, end);
    const inside = textStart < textEnd && !fenced[index] && boundaryAt(view, index) === 0;
    if (inside && startsListItem(source, start, end) && textStart - start > stepIndent) {
      current.text = `${current.text}\n${source.slice(textStart, textEnd)}`;
      continue;
    }
    const continues = inside && !startsListItem(source, start, end);
    if (!continues) {
      current = null;
      continue;
    }
    const text = source.slice(textStart, textEnd);
    current.text = current.text === "" ? text : `${current.text} ${text}`;
  }
  return steps;
}
