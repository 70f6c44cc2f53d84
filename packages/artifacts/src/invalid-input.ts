import { type Failure, failure } from "./failure.js";

/** The one failure every writer's input check gives for a field it refuses. */
export function invalidInput(error: string): Failure {
  return failure("invalid_input", error, { fix: "Correct the field and call again." });
}
