import { basename, dirname, join, relative } from "node:path";
import { type SpecInput, stringifyDeltaSpec, stringifySpec } from "@org/openspec-spec-parser";
import { checkNewName } from "./check-name.js";
import { checkWritableInside } from "./check-writable-inside.js";
import { isInsideRoot } from "./contained-path.js";
import { type Failure, failure } from "./failure.js";
import { noOpenSpecRoot } from "./no-openspec-root.js";
import { openFolderInside } from "./open-folder-inside.js";
import type { Repository } from "./open-repository.js";
import {
  checkSpecContent,
  type SpecContentInput,
  type SpecWarning,
  specWarnings,
} from "./spec-content.js";
import { locateSpecs } from "./spec-location.js";
import { type AtomicWriteResult, writeFileAtomic } from "./write-file-atomic.js";

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
  if (!repository.hasOpenSpec) return noOpenSpecRoot(repository);
  const location = locateSpecs(repository, input.change);
  if ("ok" in location) return location;

  const file = join(location.specsDir, input.name, "spec.md");
  const path = relative(repository.root, file);
  const outside = checkWritableInside(
    repository,
    file,
    (link) => `Remove the symlink ${link} or write the spec somewhere else.`,
  );
  if (outside) return outside;
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

  const opened = openFolderInside(repository, dirname(file), { create: true });
  if (!opened.ok) {
    return opened.code === "path_outside_repository"
      ? failure(
          "path_outside_repository",
          `${path} leads outside the repository through a symlink.`,
          {
            fix: "Remove the symlink or write the spec somewhere else.",
          },
        )
      : opened;
  }
  let written: AtomicWriteResult;
  try {
    written = writeFileAtomic(
      opened.handle,
      basename(file),
      markdown,
      { overwrite: input.force === true },
      (realPath) => isInsideRoot(repository, realPath),
    );
  } finally {
    opened.handle.close();
  }
  if (!written.ok) return writeFailure(written, path);
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

function writeFailure(written: Exclude<AtomicWriteResult, { ok: true }>, path: string): Failure {
  switch (written.reason) {
    case "exists":
      return failure("spec_exists", `${path} already exists and was left unchanged.`, {
        fix: "Pass {field:force=true} to replace it, or choose another name.",
      });
    case "outside":
      return failure("path_outside_repository", written.error, {
        fix: "Stop whatever moves folders of the repository, then call again.",
      });
    case "moved":
      return failure("write_failed", written.error, {
        fix: "Call again once nothing else is moving the spec's folder.",
      });
    default:
      return failure("write_failed", written.error);
  }
}
