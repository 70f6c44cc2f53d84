import type { ChangeContentInput } from "./change-content.js";
import { MIN_PURPOSE_LENGTH, requirementWarnings } from "./spec-content.js";

/** Something `openspec validate --strict` (or a later archive) would object to; the change is written all the same. */
export type ChangeWarning = { code: string; message: string; spec?: string; requirement?: string };

// The CLI's limits (validation/constants.js of @fission-ai/openspec 1.13.2).
const MIN_WHY_LENGTH = 50;
const MAX_WHY_LENGTH = 1000;
const MAX_DELTAS = 10;

/**
 * What the CLI would report about the content of a new change. `baseline(id)`
 * says whether `openspec/specs/<id>/spec.md` exists; `skipSpecs` whether the
 * metadata opts out of delta specs.
 */
export function changeWarnings(
  input: ChangeContentInput,
  baseline: (specId: string) => boolean,
  skipSpecs: boolean,
): ChangeWarning[] {
  const warnings: ChangeWarning[] = [];
  const why = input.why.trim().length;
  if (why < MIN_WHY_LENGTH) {
    warnings.push({
      code: "why_too_brief",
      message: `The why is shorter than ${MIN_WHY_LENGTH} characters.`,
    });
  } else if (why > MAX_WHY_LENGTH) {
    warnings.push({
      code: "why_too_long",
      message: `The why is longer than ${MAX_WHY_LENGTH} characters.`,
    });
  }
  const specs = input.specs ?? [];
  if (specs.length === 0 && !skipSpecs) {
    warnings.push({
      code: "change_without_deltas",
      message:
        "The change has no delta spec; validate rejects it unless its .openspec.yaml sets skip_specs: true (for a change of no spec-level behaviour).",
    });
  }
  const deltas = specs.reduce(
    (sum, spec) =>
      sum +
      (spec.added?.length ?? 0) +
      (spec.modified?.length ?? 0) +
      (spec.removed?.length ?? 0) +
      (spec.renamed?.length ?? 0),
    0,
  );
  if (deltas > MAX_DELTAS) {
    warnings.push({
      code: "too_many_deltas",
      message: `The change has ${deltas} deltas; validate asks to split a change of more than ${MAX_DELTAS}.`,
    });
  }
  for (const spec of specs) {
    const exists = baseline(spec.name);
    const of = (warning: { code: string; message: string; requirement?: string }) => ({
      ...warning,
      message: `${spec.name}: ${warning.message}`,
      spec: spec.name,
    });
    warnings.push(
      ...requirementWarnings([...(spec.added ?? []), ...(spec.modified ?? [])]).map(of),
    );
    if (!exists) {
      if (
        (spec.modified?.length ?? 0) + (spec.removed?.length ?? 0) + (spec.renamed?.length ?? 0) >
        0
      ) {
        warnings.push(
          of({
            code: "no_baseline_spec",
            message:
              "openspec/specs has no such spec, so archive would refuse its MODIFIED, REMOVED and RENAMED entries (only ADDED may create a spec).",
          }),
        );
      }
      if (spec.purpose === undefined) {
        warnings.push(
          of({
            code: "purpose_missing",
            message:
              "A new capability without a purpose gets a TBD placeholder purpose when archived, which validate --strict then reports.",
          }),
        );
      } else if (spec.purpose.trim().length < MIN_PURPOSE_LENGTH) {
        warnings.push(
          of({
            code: "purpose_too_brief",
            message: `The purpose is shorter than ${MIN_PURPOSE_LENGTH} characters.`,
          }),
        );
      }
    }
    warnings.push(...conflicts(spec).map(of));
  }
  return warnings;
}

/** A requirement named in two sections of one delta where validate reports it as an error. */
function conflicts(spec: NonNullable<ChangeContentInput["specs"]>[number]) {
  const names = {
    ADDED: (spec.added ?? []).map((entry) => entry.name.trim()),
    MODIFIED: (spec.modified ?? []).map((entry) => entry.name.trim()),
    REMOVED: (spec.removed ?? []).map((entry) => entry.name.trim()),
    "RENAMED FROM": (spec.renamed ?? []).map((entry) => entry.from.trim()),
    "RENAMED TO": (spec.renamed ?? []).map((entry) => entry.to.trim()),
  };
  type Section = keyof typeof names;
  // The pairs the CLI's validator checks (validateChangeDeltaSpecs).
  const pairs: [Section, Section][] = [
    ["MODIFIED", "REMOVED"],
    ["MODIFIED", "ADDED"],
    ["ADDED", "REMOVED"],
    ["RENAMED FROM", "MODIFIED"],
    ["RENAMED TO", "ADDED"],
    ["RENAMED FROM", "REMOVED"],
  ];
  return pairs.flatMap(([one, other]) =>
    names[one]
      .filter((name) => names[other].includes(name))
      .map((name) => ({
        code: "delta_conflict",
        message: `Requirement "${name}" is both in ${one} and in ${other}.`,
        requirement: name,
      })),
  );
}
