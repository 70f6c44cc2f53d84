import { checkNewName, checkSpecId } from "./check-name.js";
import type { Failure } from "./failure.js";
import { invalidInput } from "./invalid-input.js";
import {
  checkOneLine,
  checkParagraph,
  checkRequirements,
  type RequirementInput,
} from "./spec-content.js";

/** One delta spec of a change: what it adds, modifies, removes and renames in one capability. */
export type DeltaSpecChangeInput = {
  /** The capability's spec id, e.g. `user-auth` or `platform/session`. */
  name: string;
  /** For a new capability: what it is for; archive copies it into the spec it creates. */
  purpose?: string;
  added?: RequirementInput[];
  modified?: RequirementInput[];
  removed?: { name: string; reason: string; migration?: string }[];
  renamed?: { from: string; to: string }[];
};

export type TaskSectionInput = { title: string; items: string[] };

/** What a new change says: the proposal's parts, its design, tasks and delta specs. */
export type ChangeContentInput = {
  name: string;
  why: string;
  whatChanges: string[];
  impact?: string | null;
  design?: string | null;
  tasks?: TaskSectionInput[];
  specs?: DeltaSpecChangeInput[];
  schema?: string | null;
  /** The idea the change was promoted from: named in the proposal and in `.openspec.yaml`. */
  sourceIdea?: { path: string; title: string } | null;
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const SCHEMA_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Refuses a change whose name is unsafe or whose text would break the
 * documents' structure; what is merely incomplete is written and warned about.
 */
export function checkChangeContent(input: ChangeContentInput): Failure | null {
  const badName = checkNewName("change", input.name);
  if (badName) return badName;
  if (input.schema != null && !SCHEMA_NAME.test(input.schema)) {
    return invalidInput(`The schema name "${input.schema.slice(0, 80)}" is not kebab-case.`);
  }
  const problem =
    checkParagraph("The why", input.why) ??
    (input.whatChanges.length === 0 ? invalidInput("What changes lists nothing.") : null) ??
    input.whatChanges.map((item) => checkOneLine("An item of what changes", item)).find(Boolean) ??
    (input.impact == null ? null : checkParagraph("The impact", input.impact)) ??
    (input.design == null ? null : checkDesign(input.design)) ??
    checkTasks(input.tasks ?? []);
  if (problem) return problem;
  const seen = new Set<string>();
  for (const spec of input.specs ?? []) {
    const bad = checkDeltaSpec(spec);
    if (bad) return bad;
    if (seen.has(spec.name)) return invalidInput(`Two delta specs are named "${spec.name}".`);
    seen.add(spec.name);
  }
  return null;
}

/** A design is a whole document (headings allowed); only emptiness and control characters are refused. */
function checkDesign(design: string): Failure | null {
  if (design.trim().length === 0) return invalidInput("The design is empty.");
  return CONTROL.test(design) ? invalidInput("The design contains a control character.") : null;
}

function checkTasks(sections: TaskSectionInput[]): Failure | null {
  for (const [index, section] of sections.entries()) {
    const bad =
      checkOneLine(`The title of task section ${index + 1}`, section.title) ??
      (section.items.length === 0
        ? invalidInput(`Task section "${section.title}" has no items.`)
        : null) ??
      section.items
        .map((item) => checkOneLine(`A task of section "${section.title}"`, item))
        .find(Boolean);
    if (bad) return bad;
  }
  return null;
}

function checkDeltaSpec(spec: DeltaSpecChangeInput): Failure | null {
  const badId = checkSpecId(spec.name);
  if (badId) return badId;
  const where = ` of delta spec "${spec.name}"`;
  const entries =
    (spec.added?.length ?? 0) +
    (spec.modified?.length ?? 0) +
    (spec.removed?.length ?? 0) +
    (spec.renamed?.length ?? 0);
  if (entries === 0) {
    return invalidInput(
      `The delta spec "${spec.name}" adds, modifies, removes and renames nothing.`,
    );
  }
  return (
    (spec.purpose === undefined ? null : checkParagraph(`The purpose${where}`, spec.purpose)) ??
    checkRequirements(spec.added ?? [], ` added${where}`) ??
    checkRequirements(spec.modified ?? [], ` modified${where}`) ??
    (spec.removed ?? [])
      .map(
        (removed) =>
          checkOneLine(`A removed requirement's name${where}`, removed.name) ??
          checkOneLine(`The reason for removing "${removed.name}"`, removed.reason) ??
          (removed.migration === undefined
            ? null
            : checkOneLine(`The migration for "${removed.name}"`, removed.migration)),
      )
      .find(Boolean) ??
    (spec.renamed ?? [])
      .map(
        (renamed) =>
          checkOneLine(`A renamed requirement's old name${where}`, renamed.from) ??
          checkOneLine(`A renamed requirement's new name${where}`, renamed.to),
      )
      .find(Boolean) ??
    null
  );
}
