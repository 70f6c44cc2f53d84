import type { Failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { scanSpecFiles } from "./scan-specs.js";
import { locateSpecs } from "./spec-location.js";

export type SpecList = { ok: true; change: string | null; specs: string[] };

/** The spec ids under `openspec/specs` or under a change's `specs` folder; empty when there are none. */
export function listSpecs(
  repository: Repository,
  options: { change?: string | null } = {},
): SpecList | Failure {
  const location = locateSpecs(repository, options.change);
  if ("ok" in location) return location;
  return {
    ok: true,
    change: location.change,
    specs: scanSpecFiles(repository, location.specsDir).map((spec) => spec.id),
  };
}
