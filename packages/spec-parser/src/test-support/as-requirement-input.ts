import type { Requirement, RequirementInput } from "../types.js";

/** A parsed requirement reduced to what stringify takes, for round-trip comparisons. */
export function asRequirementInput(requirement: Requirement): RequirementInput {
  return {
    name: requirement.name,
    text: requirement.text,
    scenarios: requirement.scenarios.map(({ name, steps }) => ({ name, steps })),
  };
}
