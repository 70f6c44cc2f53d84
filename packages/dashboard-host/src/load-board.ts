import type { Catalog, ContextSuccess, ToolFailure } from "@org/openspec-core";
import { callTool } from "./call-tool.js";

export type Column = "idea" | "proposed" | "in_progress" | "done" | "archived";

export const COLUMNS: readonly { id: Column; title: string }[] = [
  { id: "idea", title: "Ideas" },
  { id: "proposed", title: "Proposed" },
  { id: "in_progress", title: "In progress" },
  { id: "done", title: "Done" },
  { id: "archived", title: "Archived" },
];

export type Card = {
  source: string;
  /** The change's name, or on an idea card (column `idea`) the idea's slug. */
  change: string;
  /** An idea card's title and the change it was promoted to, if any. */
  idea?: { title: string; promotedTo: string | null };
  token: string;
  column: Column;
  tasks: { done: number; total: number } | null;
  /**
   * When the change last changed: openspec_context's `last_modified` (in a
   * git work tree its last commit, for an archived change its archive day).
   */
  modified: string | null;
  /** Its place in a sequence of changes and which changes it needs are still active; null when in none. */
  order: { group: string; position: number; blocked_by: string[] } | null;
};

export type BoardPage = {
  ok: true;
  source: string;
  path: string;
  /** The page's ideas, its active changes, then its archived ones, newest first. */
  cards: Card[];
  totals: { changes: number; archived_changes: number; ideas: number };
  offset: number;
  limit: number;
  next_offset: number | null;
};

type Progress = { completed: number; total: number } | null;

/** Where a change stands by its tasks: none ticked, some, or all. */
export function columnOf(tasks: Progress): Column {
  if (tasks === null || tasks.total === 0 || tasks.completed === 0) return "proposed";
  return tasks.completed >= tasks.total ? "done" : "in_progress";
}

/**
 * One page of a source's board: `limit` active changes from `offset` on, and
 * `limit` archived changes newest first (the archive lists oldest first, so
 * its page is taken from the end), with task progress and dates, read through
 * openspec_context, which pages on its side, so a large repository is never
 * read whole.
 */
export async function loadBoard(
  catalog: Catalog,
  source: string,
  page: { offset: number; limit: number; query?: string },
): Promise<BoardPage | ToolFailure> {
  const read = (offset: number, limit: number) =>
    callTool(catalog, "openspec_context", {
      identifier: source,
      offset,
      limit,
      last_modified: true,
      ...(page.query ? { query: page.query } : {}),
    });
  const result = await read(page.offset, page.limit);
  if (!result.ok) return result;
  if (!("changes" in result)) {
    return {
      ok: false,
      code: "invalid_input",
      error: `${source} is not a source name.`,
      fix: "Open a source from the sources page.",
    };
  }
  const total = result.totals.archived_changes;
  // Newest first: this page's archived changes sit at [end - limit, end) of the list by name.
  const end = total - page.offset;
  const start = Math.max(0, end - page.limit);
  let archived: SourceAnswer["archived_changes"] = [];
  if (end > 0 && start === page.offset && end - start === result.archived_changes.length) {
    archived = result.archived_changes;
  } else if (end > 0) {
    const older = await read(start, end - start);
    if (!older.ok) return older;
    archived = "changes" in older ? older.archived_changes : [];
  }
  return toBoardPage(source, result, [...archived].reverse(), page);
}

type SourceAnswer = Extract<ContextSuccess, { changes: unknown }>;

function toBoardPage(
  source: string,
  answer: SourceAnswer,
  archived: SourceAnswer["archived_changes"],
  page: { offset: number; limit: number },
): BoardPage {
  const cards: Card[] = answer.ideas.map((idea) => ({
    source,
    change: idea.slug,
    idea: { title: idea.title, promotedTo: idea.change ?? null },
    token: idea.token,
    column: "idea" as const,
    tasks: null,
    modified: null,
    order: null,
  }));
  cards.push(
    ...answer.changes.map((change) => ({
      source,
      change: change.name,
      token: change.token,
      column: columnOf(change.tasks),
      tasks: change.tasks ? { done: change.tasks.completed, total: change.tasks.total } : null,
      modified: change.last_modified ?? null,
      order: change.sequence
        ? {
            group: change.sequence.group,
            position: change.sequence.position,
            blocked_by: change.sequence.blocked_by,
          }
        : null,
    })),
  );
  for (const change of archived) {
    cards.push({
      source,
      change: change.name,
      token: change.token,
      column: "archived",
      tasks: null,
      modified: change.last_modified ?? null,
      order: null,
    });
  }
  return {
    ok: true,
    source,
    path: answer.path,
    cards,
    totals: {
      changes: answer.totals.changes,
      archived_changes: answer.totals.archived_changes,
      ideas: answer.totals.ideas,
    },
    offset: page.offset,
    limit: page.limit,
    // The answer's own next_offset also counts the specs, which the board does not show.
    next_offset:
      page.offset + page.limit <
      Math.max(answer.totals.changes, answer.totals.archived_changes, answer.totals.ideas)
        ? page.offset + page.limit
        : null,
  };
}
