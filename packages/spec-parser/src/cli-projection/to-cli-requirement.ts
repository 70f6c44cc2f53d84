import type { Requirement } from "../types.js";
import type { CliRequirement } from "./cli-json.js";

/** The CLI drops names, steps and lines, and shows the heading when the body has no text. */
export function toCliRequirement(requirement: Requirement): CliRequirement {
  return {
    text: requirement.text === "" ? requirement.heading : requirement.text,
    scenarios: requirement.scenarios.map((scenario) => ({ rawText: scenario.rawText })),
  };
}
