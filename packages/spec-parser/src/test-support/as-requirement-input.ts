import type { Requirement, RequirementInput } from "../types.js";

/** A parsed requirement reduced to what stringify takes (its description as the text), for round-trip comparisons. */
export function asRequirementInput(requirement: Requirement): RequirementInput {
  return {
    name: requirement.name,
    text: requirement.description,
    scenarios: requirement.scenarios.map(({ name, steps }) => ({ name, steps })),
  };
}
