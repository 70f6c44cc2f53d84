import type { SourceContext } from "@org/openspec-artifacts/context";

/**
 * A source overview as a model gets it: `truncated` says at once whether a
 * list goes on past this page (the note says how to reach it), and with
 * `detail: "summary"` only the counts are kept, so a repository of thousands
 * of changes costs a few lines until the entries are wanted.
 */
export function leanOverview<Overview extends SourceContext>(
  overview: Overview,
  detail: "summary" | "full" | undefined,
): Overview & { truncated: boolean } {
  if (detail !== "summary") return { ...overview, truncated: overview.page.next_offset !== null };
  const { totals, page } = overview;
  const longest = Math.max(totals.changes, totals.archived_changes, totals.specs, totals.ideas);
  const more = longest > page.offset;
  const { note: _pagingNote, ...counted } = overview;
  return {
    ...(counted as Overview),
    changes: [],
    archived_changes: [],
    specs: [],
    ideas: [],
    page: { ...page, next_offset: more ? page.offset : null },
    truncated: more,
    ...(more
      ? {
          note: `Counts only; call again without detail for the entries from offset ${page.offset}.`,
        }
      : {}),
  };
}
