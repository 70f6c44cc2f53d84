import { join, relative } from "node:path";
import {
  type DeltaSpec,
  type ParseResult,
  parseDeltaSpec,
  parseSpec,
  type Requirement,
  readTitle,
  type Spec,
  type SpecDiagnostic,
} from "@org/openspec-spec-parser";
import { cachedParser } from "./cache/cached-parser.js";
import { checkSpecId } from "./check-name.js";
import { type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { isReported, readFailure } from "./read-warning.js";
import { scanSpecFiles } from "./scan-specs.js";
import { locateSpecs } from "./spec-location.js";

export type ShownScenario = {
  name: string;
  steps: { type: string; text: string }[];
  raw_text: string;
};

export type ShownRequirement = {
  name: string;
  /** The Markdown between the heading and the first scenario, exactly as written. */
  description: string;
  scenarios: ShownScenario[];
  /** For a delta spec: the section the requirement is in. */
  operation?: "ADDED" | "MODIFIED";
};

export type ShownSpec = {
  ok: true;
  name: string;
  change: string | null;
  /** The file relative to the repository root. */
  path: string;
  /** `spec` for a main spec, `delta` for a change's delta spec. */
  format: "spec" | "delta";
  title: string;
  purpose: string;
  requirements: ShownRequirement[];
  removed?: string[];
  renamed?: { from: string; to: string }[];
  warnings: SpecDiagnostic[];
  /** Present when the file is larger than the cap: only its first part was parsed. */
  truncated?: true;
  /** The file's size in bytes; present with `truncated`. */
  size?: number;
};

/** A spec parsed into title, purpose and requirements with their scenarios. */
export function showSpec(
  repository: Repository,
  options: { name: string; change?: string | null; maxBytes?: number },
): ShownSpec | Failure {
  const invalid = checkSpecId(options.name);
  if (invalid) return invalid;
  const location = locateSpecs(repository, options.change);
  if ("ok" in location) return location;

  const file = join(location.specsDir, options.name, "spec.md");
  // A file under openspec/specs is a spec, read as `openspec show <spec>` reads
  // it, whatever headings it has; a change's spec.md is a delta when it has a delta section.
  const read =
    location.change === null
      ? cachedBaselineParse(repository, file, options.maxBytes)
      : cachedSpecParse(repository, file, options.maxBytes);
  if (!read.ok && isReported(read.code)) return readFailure(repository, file, read.code);
  if (!read.ok) {
    const known = scanSpecFiles(repository, location.specsDir).map((spec) => spec.id);
    const where = location.change === null ? "openspec/specs" : `change "${location.change}"`;
    return failure("spec_not_found", `Spec "${options.name}" not found in ${where}.`, {
      fix:
        known.length === 0
          ? "There are no specs there yet; create one with {tool:openspec_spec_create}."
          : `Known specs: ${known.slice(0, 20).join(", ")}${known.length > 20 ? ", ..." : ""}.`,
    });
  }
  const base = {
    ok: true as const,
    name: options.name,
    change: location.change,
    path: relative(repository.root, file),
    ...(read.truncated ? { truncated: true as const, size: read.size } : {}),
  };
  const parsed = read.value;

  // The parse is cached and shared: everything returned is a fresh copy.
  if (parsed.format === "spec" && !parsed.result.ok && location.change !== null) {
    // The CLI reads such a file of a change as adding no deltas, so it is shown as one, not refused.
    return {
      ...base,
      format: "delta",
      title: parsed.heading ?? options.name,
      purpose: "",
      requirements: [],
      removed: [],
      renamed: [],
      warnings: [noDeltaSections()],
    };
  }
  if (parsed.format === "delta") {
    const delta = parsed.result.value;
    return {
      ...base,
      format: "delta",
      title: parsed.heading ?? options.name,
      purpose: "",
      requirements: [
        ...delta.added.map((requirement) => shown(requirement, "ADDED")),
        ...delta.modified.map((requirement) => shown(requirement, "MODIFIED")),
      ],
      removed: delta.removed.map((entry) => entry.name),
      renamed: delta.renamed.map(({ from, to }) => ({ from, to })),
      warnings: copied(parsed.result.diagnostics),
    };
  }
  if (!parsed.result.ok) return unparsable(base.path, parsed.result.diagnostics, parsed.delta);
  const spec = parsed.result.value;
  return {
    ...base,
    format: "spec",
    title: spec.title,
    purpose: spec.purpose,
    requirements: spec.requirements.map((requirement) => shown(requirement)),
    warnings: copied(parsed.result.diagnostics),
  };
}

type ParsedSpecFile =
  | {
      format: "delta";
      heading: string | null;
      result: Extract<ParseResult<DeltaSpec>, { ok: true }>;
    }
  | { format: "spec"; heading: string | null; result: ParseResult<Spec>; delta?: boolean };

/** A change's file with any delta section is a delta spec; the parser decides, fences and all. */
const cachedSpecParse = cachedParser((content): ParsedSpecFile => {
  const delta = parseDeltaSpec(content);
  if (delta.ok) return { format: "delta", heading: readTitle(content), result: delta };
  const spec = parseSpec(content);
  // The title is needed only to show an unparsable file of a change as an empty delta.
  return { format: "spec", heading: spec.ok ? null : readTitle(content), result: spec };
}, 10_000);

/**
 * A baseline spec, read as `openspec show` reads it: `## Purpose` and
 * `## Requirements` or a refusal, delta sections or not. Whether it has delta
 * sections is kept for the refusal's advice.
 */
const cachedBaselineParse = cachedParser(
  (content): ParsedSpecFile => ({
    format: "spec",
    heading: null,
    result: parseSpec(content),
    delta: parseDeltaSpec(content).ok,
  }),
  10_000,
);

function noDeltaSections(): SpecDiagnostic {
  return {
    code: "missing_delta_sections",
    severity: "warning",
    message:
      "The file has no ## ADDED, MODIFIED, REMOVED or RENAMED Requirements section, so it adds no deltas to the change (openspec show --json --deltas-only lists none for it).",
    line: 1,
  };
}

function copied(diagnostics: SpecDiagnostic[]): SpecDiagnostic[] {
  return diagnostics.map((diagnostic) => ({ ...diagnostic }));
}

function shown(requirement: Requirement, operation?: "ADDED" | "MODIFIED"): ShownRequirement {
  return {
    name: requirement.name,
    description: requirement.description,
    scenarios: requirement.scenarios.map((scenario) => ({
      name: scenario.name,
      steps: scenario.steps.map((step) => ({ type: step.type, text: step.text })),
      raw_text: scenario.rawText,
    })),
    ...(operation ? { operation } : {}),
  };
}

/** The refusal `openspec show` gives, in its words; a baseline written as a delta is told where deltas belong. */
function unparsable(path: string, diagnostics: SpecDiagnostic[], delta = false): Failure {
  const first = diagnostics.find((diagnostic) => diagnostic.severity === "error") ?? diagnostics[0];
  const detail = first ? ` ${first.message.replace(/\.$/, "")} (line ${first.line}).` : "";
  return failure("spec_unparsable", `The spec ${path} is not valid:${detail}`, {
    fix: delta
      ? "It is written as a delta (## ADDED/MODIFIED/REMOVED/RENAMED Requirements), which belongs in a change's specs/ folder: give it a `## Purpose` and put its requirements under `## Requirements`, or move it into a change."
      : "Give it a `# Title`, a `## Purpose` section and a `## Requirements` section.",
    path,
  });
}
