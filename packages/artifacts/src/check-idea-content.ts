import type { Failure } from "./failure.js";
import { holdsMarker, type IdeaContentInput, type IdeaEvaluationInput } from "./idea-document.js";
import { invalidInput } from "./invalid-input.js";
import { checkOneLine } from "./spec-content.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const MAX_TEXT = 100_000;

/**
 * Refuses what would break an idea file: a title or tag that is not one line,
 * a comma in a tag (tags are listed comma-separated), control characters, the
 * file's own block markers in free text, or text past 100 000 characters.
 */
export function checkIdeaContent(input: IdeaContentInput): Failure | null {
  // "required" is what callers of the earlier Hermes plugin look for in this answer.
  if (input.title.trim() === "") return invalidInput("The title is required; it is empty.");
  if (input.prompt.trim() === "") return invalidInput("The prompt is required; it is empty.");
  return (
    checkOneLine("The title", input.title) ??
    (input.title.length > 200 ? invalidInput("The title is longer than 200 characters.") : null) ??
    checkText("The prompt", input.prompt) ??
    (input.origin == null ? null : checkShortLine("The origin", input.origin)) ??
    checkTags(input.tags ?? []) ??
    (input.notes == null ? null : checkText("The notes", input.notes, true))
  );
}

/** The same for an evaluation: one-line lists, free text without markers. */
export function checkIdeaEvaluation(input: IdeaEvaluationInput): Failure | null {
  const texts: [string, string | null | undefined][] = [
    ["The problem", input.problem],
    ["The proposed direction", input.proposedDirection],
    ["The size justification", input.sizeJustification],
    ["The suggested next step", input.suggestedNextStep],
  ];
  for (const [label, value] of texts) {
    const bad = value == null ? null : checkText(label, value);
    if (bad) return bad;
  }
  const lists: [string, string[] | undefined][] = [
    ["A key question", input.keyQuestions],
    ["A risk", input.risks],
  ];
  for (const [label, items] of lists) {
    if ((items?.length ?? 0) > 50)
      return invalidInput(`${label.replace(/^A /, "")} list has more than 50 items.`);
    for (const item of items ?? []) {
      const bad = checkOneLine(label, item) ?? checkText(label, item);
      if (bad) return bad;
    }
  }
  const given = [...texts.map(([, value]) => value), input.feasibility, input.tshirtSize].some(
    (value) => value != null,
  );
  if (!given && (input.keyQuestions ?? []).length === 0 && (input.risks ?? []).length === 0) {
    return invalidInput("The evaluation is empty: give at least one of its parts.");
  }
  return null;
}

function checkText(label: string, value: string, emptyAllowed = false): Failure | null {
  if (!emptyAllowed && value.trim().length === 0) return invalidInput(`${label} is empty.`);
  if (CONTROL.test(value)) return invalidInput(`${label} contains a control character.`);
  if (value.length > MAX_TEXT)
    return invalidInput(`${label} is longer than ${MAX_TEXT} characters.`);
  if (holdsMarker(value)) {
    return invalidInput(
      `${label} contains "<!-- OPENSPEC_IDEA_", which marks the idea file's blocks.`,
    );
  }
  return null;
}

function checkShortLine(label: string, value: string): Failure | null {
  return (
    checkOneLine(label, value) ??
    (value.length > 100 ? invalidInput(`${label} is longer than 100 characters.`) : null) ??
    (holdsMarker(value) ? invalidInput(`${label} contains "<!-- OPENSPEC_IDEA_".`) : null)
  );
}

function checkTags(tags: string[]): Failure | null {
  if (tags.length > 20) return invalidInput("There are more than 20 tags.");
  for (const tag of tags) {
    const bad = checkShortLine("A tag", tag);
    if (bad) return bad;
    if (tag.includes(","))
      return invalidInput(`The tag "${tag}" contains a comma; give each tag apart.`);
  }
  return null;
}
