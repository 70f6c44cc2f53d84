import { candidateTable } from "./candidate-table.js";
import type { PrintedResult } from "./printed-result.js";
import { paint, type Terminal } from "./terminal.js";

type PrintedFailure = Extract<PrintedResult, { ok: false }>;

type InvalidItem = {
  type: string;
  id: string;
  file: string;
  issues: { level: string; path: string; message: string }[];
};

/**
 * What a failure carries beyond its sentence, shown above it: for a failed
 * validation, each invalid item of the page with its file and issues, and
 * where the next page starts; for a name that matched several artifacts or
 * sources, the candidates to pass instead. Undefined when there is none.
 */
export function failureDetails(result: PrintedFailure, terminal: Terminal): string | undefined {
  const candidates = candidateTable(result);
  if (candidates !== undefined) return candidates;
  const invalid = invalidItems(result);
  if (invalid === undefined || invalid.length === 0) return undefined;
  const lines = invalid.flatMap((item) => [
    `${paint(terminal, "red", "invalid")} ${item.type} ${item.id}  ${paint(terminal, "dim", item.file)}`,
    ...item.issues.map(
      (issue) =>
        // Every line of the message: the CLI's own ones go on after a colon with the example to follow.
        `  ${issue.level === "ERROR" ? paint(terminal, "red", issue.level) : paint(terminal, "yellow", issue.level)} ${issue.path}: ${issue.message.split("\n").join("\n      ")}`,
    ),
  ]);
  // The report comes a page at a time: say where the rest starts, as a paged listing does.
  const { page } = result as { page?: { total?: unknown; next_offset?: unknown } };
  if (typeof page?.next_offset === "number" && typeof page.total === "number") {
    const rest = page.total - page.next_offset;
    const hidden = hiddenFailures(result, page.next_offset, invalid.length);
    const which =
      hidden === undefined
        ? ""
        : hidden === 0
          ? ", all of them valid"
          : `, ${hidden} of them invalid`;
    lines.push(
      paint(terminal, "dim", `${rest} more report items${which}: --offset ${page.next_offset}.`),
    );
  }
  return lines.join("\n");
}

/**
 * How many invalid items the pages after this one hold: the report's count of
 * failed items less those listed up to here (the invalid list is paged with
 * the report's offset). Undefined when the report has no count.
 */
function hiddenFailures(
  result: PrintedFailure,
  nextOffset: number,
  listed: number,
): number | undefined {
  const { stdout } = result as { stdout?: { summary?: { totals?: { failed?: unknown } } } };
  const failed = stdout?.summary?.totals?.failed;
  if (typeof failed !== "number") return undefined;
  const { page } = result as { page?: { offset?: unknown } };
  const offset = typeof page?.offset === "number" ? page.offset : nextOffset - listed;
  return Math.max(0, failed - offset - listed);
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
