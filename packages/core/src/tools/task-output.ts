import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";

/** One task of a change's tasks.md with the id to tick it by. */
export const listedTaskSchema = builtOnFirstUse(() =>
  z.strictObject({
    id: z
      .string()
      .describe("The task's own number (1.2) when no other task shares it, else #<position>."),
    text: z.string(),
    done: z.boolean(),
    section: z.string().nullable().describe("The heading the task is under."),
    line: z.number().int().describe("1-based line in tasks.md."),
  }),
);

/** The progress fields every task answer carries. */
export const taskProgressFields = builtOnFirstUse(() => ({
  change: z.string(),
  path: z.string().describe("tasks.md, relative to the repository root."),
  tasks: z.array(listedTaskSchema()),
  done: z.number().int().describe("Tasks done; equal to the CLI's completedTasks."),
  total: z.number().int().describe("Tasks in all; equal to the CLI's totalTasks."),
  counts: z
    .strictObject({ total: z.number().int(), done: z.number().int(), todo: z.number().int() })
    .describe("total, done and todo together."),
  status: z
    .enum(["todo", "in_progress", "done"])
    .describe("todo: none done (or no tasks), done: all done, else in_progress."),
}));
