import { z } from "zod";

/** The `sequence` field of context, task list and sequence answers: one shape everywhere. */
export function sequenceViewSchema() {
  return z.strictObject({
    group: z.string(),
    position: z.number().int().describe("1 comes first."),
    depends_on: z.array(z.string()).describe("Changes needed first."),
    blocked_by: z.array(z.string()).describe("Of those, the ones still active."),
  });
}
