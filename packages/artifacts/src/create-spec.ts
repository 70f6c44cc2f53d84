import { mkdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { type SpecInput, stringifyDeltaSpec, stringifySpec } from "@org/openspec-spec-parser";
import { checkNewName } from "./check-name.js";
import { isWritableInside } from "./contained-path.js";
import { type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import {
  checkSpecContent,
  type SpecContentInput,
  type SpecWarning,
  specWarnings,
} from "./spec-content.js";
import { locateSpecs } from "./spec-location.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export type CreateSpecInput = SpecContentInput & {
  name: string;
  /** An active change: the spec is then written as its delta (`## ADDED Requirements`). */
  change?: string | null;
  /** Replace an existing spec. */
  force?: boolean;
};

export type CreatedSpec = {
  ok: true;
  name: string;
  change: string | null;
  /** The written file relative to the repository root. */
  path: string;
  format: "spec" | "delta";
  overwritten: boolean;
  /** What `openspec validate --strict` would object to. */
  warnings: SpecWarning[];
};

/**
 * Writes `openspec/specs/<name>/spec.md`, or a change's delta spec, atomically;
 * refuses to replace an existing file unless `force` is set.
 */
export function createSpec(repository: Repository, input: CreateSpecInput): CreatedSpec | Failure {
  const badName = checkNewName("spec", input.name);
  if (badName) return badName;
  const badContent = checkSpecContent(input);
  if (badContent) return badContent;
  if (!repository.hasOpenSpec) {
    return failure("no_openspec_root", `${repository.root} has no openspec/ folder.`, {
      fix: "Run `openspec init` in the repository first.",
    });
  }
  const location = locateSpecs(repository, input.change);
  if ("ok" in location) return location;

  const file = join(location.specsDir, input.name, "spec.md");
  const path = relative(repository.root, file);
  if (!isWritableInside(repository, file)) {
    return failure(
      "path_outside_repository",
      `${path} leads outside the repository through a symlink.`,
      {
        fix: "Remove the symlink or write the spec somewhere else.",
      },
    );
  }
  const spec: SpecInput = {
    title: input.title,
    purpose: input.purpose,
    requirements: input.requirements.map((requirement) => ({
      name: requirement.name,
      text: requirement.description,
      scenarios: requirement.scenarios ?? [],
    })),
  };
  const format = location.change === null ? "spec" : "delta";
  const markdown =
    format === "spec"
      ? stringifySpec(spec)
      : stringifyDeltaSpec({
          title: spec.title,
          purpose: spec.purpose,
          added: spec.requirements,
        });

  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    return failure("write_failed", `Could not create the folder of ${path}: ${String(error)}.`);
  }
  // The folder may have been swapped for a symlink between the check and mkdir.
  if (!isWritableInside(repository, file)) {
    return failure(
      "path_outside_repository",
      `${path} leads outside the repository through a symlink.`,
    );
  }
  const written = writeFileAtomic(file, markdown, { overwrite: input.force === true });
  if (!written.ok) {
    return written.reason === "exists"
      ? failure("spec_exists", `${path} already exists and was left unchanged.`, {
          fix: "Pass force: true to replace it, or choose another name.",
        })
      : failure("write_failed", written.error);
  }
  return {
    ok: true,
    name: input.name,
    change: location.change,
    path,
    format,
    overwritten: written.overwritten,
    warnings: specWarnings(input, format),
  };
}
