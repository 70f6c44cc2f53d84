import type { Failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import type { ReadWarning } from "./read-warning.js";
import { scanSpecFolder } from "./scan-specs.js";
import { locateSpecs } from "./spec-location.js";

export type SpecList = {
  ok: true;
  change: string | null;
  specs: string[];
  /** Folders and `spec.md` files that could not be read, and symlink loops; omitted when there are none. */
  warnings?: ReadWarning[];
};

/** The spec ids under `openspec/specs` or under a change's `specs` folder; empty when there are none. */
export function listSpecs(
  repository: Repository,
  options: { change?: string | null } = {},
): SpecList | Failure {
  const location = locateSpecs(repository, options.change);
  if ("ok" in location) return location;
  const scan = scanSpecFolder(repository, location.specsDir);
  return {
    ok: true,
    change: location.change,
    specs: scan.specs.map((spec) => spec.id),
    ...(scan.warnings.length > 0 ? { warnings: scan.warnings } : {}),
  };
}
