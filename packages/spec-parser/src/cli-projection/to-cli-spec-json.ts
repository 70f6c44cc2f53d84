import type { Spec } from "../types.js";
import type { CliSpecJson } from "./cli-json.js";
import { toCliRequirement } from "./to-cli-requirement.js";

/**
 * What `openspec show <id> --type spec --json` prints for this spec. The CLI
 * titles a spec with its id, not its `# heading`.
 */
export function toCliSpecJson(id: string, spec: Spec): CliSpecJson {
  return {
    id,
    title: id,
    overview: spec.purpose,
    requirementCount: spec.requirements.length,
    requirements: spec.requirements.map(toCliRequirement),
    metadata: { version: "1.0.0", format: "openspec" },
  };
}
