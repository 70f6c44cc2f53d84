import type { ToolFailure } from "@org/openspec-core";
import { z } from "zod";
import { paint, type Terminal } from "./terminal.js";

const invalidItems = z.object({
  invalid: z.array(
    z.object({
      type: z.string(),
      id: z.string(),
      file: z.string(),
      issues: z.array(z.object({ level: z.string(), path: z.string(), message: z.string() })),
    }),
  ),
});

/**
 * What a failure carries beyond its sentence, shown above it: for a failed
 * validation, each invalid item with its file and issues. Undefined when there is none.
 */
export function failureDetails(result: ToolFailure, terminal: Terminal): string | undefined {
  const parsed = invalidItems.safeParse(result);
  if (!parsed.success || parsed.data.invalid.length === 0) return undefined;
  return parsed.data.invalid
    .flatMap((item) => [
      `${paint(terminal, "red", "invalid")} ${item.type} ${item.id}  ${paint(terminal, "dim", item.file)}`,
      ...item.issues.map(
        (issue) =>
          `  ${issue.level === "ERROR" ? paint(terminal, "red", issue.level) : paint(terminal, "yellow", issue.level)} ${issue.path}: ${issue.message.split("\n")[0]}`,
      ),
    ])
    .join("\n");
}
