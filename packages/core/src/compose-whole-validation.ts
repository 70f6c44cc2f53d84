import { z } from "zod";

const item = z.looseObject({ id: z.string(), type: z.string(), valid: z.boolean() });
const report = z.looseObject({
  items: z.array(item),
  summary: z.looseObject({
    totals: z.looseObject({ items: z.number(), passed: z.number(), failed: z.number() }),
    byType: z.record(
      z.string(),
      z.looseObject({ items: z.number(), passed: z.number(), failed: z.number() }),
    ),
  }),
});

/** One item of `openspec validate --json`: the CLI's own object, kept as printed. */
export type ValidationItem = z.infer<typeof item>;

/** The single change item of a one-change `openspec validate <change> --type change --json` report. */
export function oneChangeItem(document: unknown, name: string): ValidationItem | undefined {
  const parsed = report.safeParse(document);
  if (!parsed.success || parsed.data.items.length !== 1) return undefined;
  const [only] = parsed.data.items;
  return only?.id === name && only.type === "change" ? only : undefined;
}

/**
 * The report `openspec validate --all --json` (or `--changes`) prints, given
 * an earlier report of the same repository and fresh items of the changes
 * that were written since: each replaces its namesake where it stands (the
 * CLI sorts items by id, and the ids are the same), and the totals are
 * counted again as the CLI counts them. Undefined when `document` is not such
 * a report or a fresh item has no place in it.
 */
export function composeWholeValidation(
  document: unknown,
  fresh: ReadonlyMap<string, ValidationItem>,
): { document: Record<string, unknown>; failed: number } | undefined {
  const parsed = report.safeParse(document);
  if (!parsed.success) return undefined;
  const base = parsed.data;
  let placed = 0;
  const items = base.items.map((current) => {
    if (current.type !== "change") return current;
    const replacement = fresh.get(current.id);
    if (replacement === undefined) return current;
    placed += 1;
    return replacement;
  });
  if (placed !== fresh.size) return undefined;
  const count = (of: readonly ValidationItem[]) => {
    const passed = of.filter((entry) => entry.valid).length;
    return { items: of.length, passed, failed: of.length - passed };
  };
  const totals = count(items);
  const byType = Object.fromEntries(
    Object.entries(base.summary.byType).map(([type, figures]) => [
      type,
      { ...figures, ...count(items.filter((entry) => entry.type === type)) },
    ]),
  );
  return {
    document: {
      ...base,
      items,
      summary: { ...base.summary, totals: { ...base.summary.totals, ...totals }, byType },
    },
    failed: totals.failed,
  };
}
