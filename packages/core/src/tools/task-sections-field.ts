import { z } from "zod";

/**
 * The `tasks` field of the tools that write a tasks.md (change create,
 * change promote): sections of one-line items, numbered by the writer, so
 * both take the same list and the earlier plugin's plain list of strings maps
 * onto both the same way (argument-aliases.ts).
 */
export function taskSectionsField() {
  return z
    .array(
      z
        .object({
          title: z.string().min(1).max(200).describe("The section title, without its number."),
          items: z
            .array(z.string().min(1).max(2000).describe("One task, one line."))
            .min(1)
            .max(200),
        })
        .strict(),
    )
    .max(50)
    .describe("Task sections, numbered for you: `## 1. <title>`, `- [ ] 1.1 <item>`.");
}
