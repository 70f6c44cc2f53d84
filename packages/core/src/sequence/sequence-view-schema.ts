import { z } from "zod";

/** The `sequence` field of context, task list and sequence answers: one shape everywhere. */
export function sequenceViewSchema() {
  return z.strictObject({
    group: z.string(),
    position: z.number().int(),
    depends_on: z.array(z.string()),
    blocked_by: z.array(z.string()),
  });
}
