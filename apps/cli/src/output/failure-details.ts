import type { PrintedResult } from "./printed-result.js";

type PrintedFailure = Extract<PrintedResult, { ok: false }>;

import { paint, type Terminal } from "./terminal.js";

type InvalidItem = {
  type: string;
  id: string;
  file: string;
  issues: { level: string; path: string; message: string }[];
};

/**
 * What a failure carries beyond its sentence, shown above it: for a failed
 * validation, each invalid item of the page with its file and issues, and
 * where the next page starts. Undefined when there is none.
 */
export function failureDetails(result: PrintedFailure, terminal: Terminal): string | undefined {
  const invalid = invalidItems(result);
  if (invalid === undefined || invalid.length === 0) return undefined;
  const lines = invalid.flatMap((item) => [
    `${paint(terminal, "red", "invalid")} ${item.type} ${item.id}  ${paint(terminal, "dim", item.file)}`,
    ...item.issues.map(
      (issue) =>
        `  ${issue.level === "ERROR" ? paint(terminal, "red", issue.level) : paint(terminal, "yellow", issue.level)} ${issue.path}: ${issue.message.split("\n")[0]}`,
    ),
  ]);
  // The report comes a page at a time: say where the rest starts, as a paged listing does.
  const { page } = result as { page?: { total?: unknown; next_offset?: unknown } };
  if (typeof page?.next_offset === "number" && typeof page.total === "number") {
    lines.push(
      paint(
        terminal,
        "dim",
        `${page.total - page.next_offset} more report items: --offset ${page.next_offset}.`,
      ),
    );
  }
  return lines.join("\n");
}

// Checked by hand rather than with zod: this module loads with every command line,
// `--version` included, and zod alone would double the CLI's start-up.
function invalidItems(result: PrintedFailure): InvalidItem[] | undefined {
  const { invalid } = result as { invalid?: unknown };
  if (!Array.isArray(invalid)) return undefined;
  return invalid.every(isInvalidItem) ? invalid : undefined;
}

function isInvalidItem(value: unknown): value is InvalidItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.type === "string" &&
    typeof item.id === "string" &&
    typeof item.file === "string" &&
    Array.isArray(item.issues) &&
    item.issues.every((issue: unknown) => {
      if (typeof issue !== "object" || issue === null) return false;
      const fields = issue as Record<string, unknown>;
      return (
        typeof fields.level === "string" &&
        typeof fields.path === "string" &&
        typeof fields.message === "string"
      );
    })
  );
}
