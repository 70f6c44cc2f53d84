import { z } from "zod";
import { builtOnFirstUse } from "./built-on-first-use.js";

/**
 * An answer that could be long (every requirement of a large spec) comes a
 * page at a time, so its default fits a model's working set: the input fields
 * a tool adds for it, the `page` it answers, and the slicing. `next_offset`
 * is where the next page starts, or null when this page reached the end.
 */
export const pageInputFields = () => ({
  // What a page holds is in the tool's description, and every answer's `page` says the limit
  // it used (the tool's default when none was given): limit and offset need no words.
  limit: z.number().int().min(1).max(1000).optional(),
  offset: z.number().int().min(0).optional(),
});

export const pageSchema = builtOnFirstUse(() =>
  z
    .strictObject({
      offset: z.number().int(),
      limit: z.number().int(),
      total: z.number().int().describe("How many there are in all."),
      next_offset: z
        .number()
        .int()
        .nullable()
        .describe("Pass it as offset for the next page; null on the last page."),
    })
    .describe("Which part of the list this answer holds."),
);

/** One page of `items`: from `offset` (default 0), at most `limit` (default `defaultLimit`). */
export function pageList<Item>(
  items: readonly Item[],
  input: { offset?: number | undefined; limit?: number | undefined },
  defaultLimit: number,
): { items: Item[]; page: z.output<ReturnType<typeof pageSchema>> } {
  const offset = input.offset ?? 0;
  const limit = input.limit ?? defaultLimit;
  const end = Math.min(items.length, offset + limit);
  return {
    items: items.slice(offset, end),
    page: { offset, limit, total: items.length, next_offset: end < items.length ? end : null },
  };
}
