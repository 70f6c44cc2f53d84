import type { ResultBlock } from "../tool-presentation.js";

/** A writer's warnings as shell lines, one `warning <message>` each: every writing tool prints them alike. */
export function renderWarnings(warnings: readonly { message: string }[]): ResultBlock[] {
  return warnings.map((warning) => ({
    kind: "text",
    text: `warning ${warning.message}`,
    tone: "warning",
  }));
}
