import { codeFenceMask, requirementStatement } from "@org/openspec-spec-parser";
import type { Failure } from "./failure.js";
import { invalidInput } from "./invalid-input.js";

export type StepInput = { type: "GIVEN" | "WHEN" | "THEN" | "AND" | "BUT"; text: string };
export type ScenarioInput = { name: string; steps: StepInput[] };
export type RequirementInput = { name: string; description: string; scenarios?: ScenarioInput[] };
export type SpecContentInput = { title: string; purpose: string; requirements: RequirementInput[] };

/** Something `openspec validate --strict` would reject; the spec is written all the same. */
export type SpecWarning = { code: string; message: string; requirement?: string };

// Mirrors the OpenSpec CLI's validator, so agents hear about problems before validating.
export const MIN_PURPOSE_LENGTH = 50;
const MAX_REQUIREMENT_TEXT_LENGTH = 500;
const HEADING_LINE = /^ {0,3}#/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** Whether a line outside code fences starts with `#` (after at most three spaces); code may. */
function hasHeadingLine(markdown: string): boolean {
  // Every break the writer turns into a line break counts, as `^` with the m flag would.
  const text = markdown.replace(/\r\n?|\u2028|\u2029/g, "\n");
  const fenced = codeFenceMask(text);
  return text.split("\n").some((line, index) => !fenced[index] && HEADING_LINE.test(line));
}

/** Refuses an empty value, a line break or a control character in a one-line field. */
export function checkOneLine(label: string, value: string): Failure | null {
  if (value.trim().length === 0) return invalidInput(`${label} is empty.`);
  if (/[\r\n]/.test(value) || CONTROL.test(value)) {
    return invalidInput(`${label} must be one line without control characters.`);
  }
  return null;
}

/** Refuses an empty paragraph, a control character, or a line that would start a section. */
export function checkParagraph(label: string, value: string): Failure | null {
  if (value.trim().length === 0) return invalidInput(`${label} is empty.`);
  if (CONTROL.test(value)) return invalidInput(`${label} contains a control character.`);
  if (hasHeadingLine(value)) {
    return invalidInput(`${label} contains a line outside code fences that starts with "#".`);
  }
  return null;
}

/**
 * Refuses text that would change the document's structure: a line break in a
 * one-line field, or a heading line in a purpose or description (outside code
 * fences, where `# comment` is code).
 */
export function checkSpecContent(input: SpecContentInput): Failure | null {
  const problem =
    checkOneLine("The title", input.title) ?? checkParagraph("The purpose", input.purpose);
  if (problem) return problem;
  if (input.requirements.length === 0) return invalidInput("The spec has no requirements.");
  return checkRequirements(input.requirements);
}

/** Each requirement's name, description and scenarios, and that no two share a name. */
export function checkRequirements(requirements: RequirementInput[], where = ""): Failure | null {
  const seen = new Set<string>();
  for (const [index, requirement] of requirements.entries()) {
    const label = `Requirement ${index + 1}${where}`;
    const bad =
      checkOneLine(`The name of ${label.toLowerCase()}`, requirement.name) ??
      checkParagraph(
        `The description of requirement "${requirement.name}"${where}`,
        requirement.description,
      );
    if (bad) return bad;
    const key = requirement.name.trim().toLowerCase();
    if (seen.has(key))
      return invalidInput(`Two requirements${where} are named "${requirement.name}".`);
    seen.add(key);
    for (const scenario of requirement.scenarios ?? []) {
      const badScenario =
        checkOneLine(`A scenario name of requirement "${requirement.name}"`, scenario.name) ??
        scenario.steps
          .map((step) => checkOneLine(`A step of scenario "${scenario.name}"`, step.text))
          .find(Boolean);
      if (badScenario) return badScenario;
    }
  }
  return null;
}

export function specWarnings(input: SpecContentInput, format: "spec" | "delta"): SpecWarning[] {
  const warnings: SpecWarning[] = [];
  if (format === "spec" && input.purpose.trim().length < MIN_PURPOSE_LENGTH) {
    warnings.push({
      code: "purpose_too_brief",
      message: `The purpose is shorter than ${MIN_PURPOSE_LENGTH} characters.`,
    });
  }
  warnings.push(...requirementWarnings(input.requirements));
  return warnings;
}

/** What `openspec validate --strict` would object to in requirements it checks (ADDED, MODIFIED, a spec's). */
export function requirementWarnings(requirements: RequirementInput[]): SpecWarning[] {
  const warnings: SpecWarning[] = [];
  for (const requirement of requirements) {
    // The CLI checks the statement it reads (fenced code and metadata left out), not the whole description.
    const statement = requirementStatement(requirement.description);
    if (!/\b(SHALL|MUST)\b/.test(statement)) {
      warnings.push({
        code: "requirement_without_shall",
        message: `Requirement "${requirement.name}" does not say SHALL or MUST.`,
        requirement: requirement.name,
      });
    }
    if (statement.length > MAX_REQUIREMENT_TEXT_LENGTH) {
      warnings.push({
        code: "requirement_too_long",
        message: `Requirement "${requirement.name}" is longer than ${MAX_REQUIREMENT_TEXT_LENGTH} characters.`,
        requirement: requirement.name,
      });
    }
    if ((requirement.scenarios ?? []).length === 0) {
      warnings.push({
        code: "requirement_without_scenario",
        message: `Requirement "${requirement.name}" has no scenario.`,
        requirement: requirement.name,
      });
    }
  }
  return warnings;
}
