import { z } from "zod";

/**
 * The `sequence` field of context, task list and sequence answers: one shape everywhere.
 * `groupId` and `dependsOn` repeat `group` and `depends_on` under the names the earlier
 * Python plugin answered with, which its users' scripts read.
 */
export function sequenceViewSchema() {
  return z.strictObject({
    group: z.string(),
    position: z.number().int(),
    depends_on: z.array(z.string()),
    blocked_by: z.array(z.string()),
    groupId: z.string(),
    dependsOn: z.array(z.string()),
  });
}
