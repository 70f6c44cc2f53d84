import type { Catalog, ContextSuccess, ToolFailure } from "@org/openspec-core";
import { callTool } from "./call-tool.js";

export type Column = "proposed" | "in_progress" | "done" | "archived";

export const COLUMNS: readonly { id: Column; title: string }[] = [
  { id: "proposed", title: "Proposed" },
  { id: "in_progress", title: "In progress" },
  { id: "done", title: "Done" },
  { id: "archived", title: "Archived" },
];

export type Card = {
  source: string;
  change: string;
  token: string;
  column: Column;
  tasks: { done: number; total: number } | null;
  /** When a file of the change last changed (ISO 8601); null for archived changes. */
  modified: string | null;
};

export type BoardPage = {
  ok: true;
  source: string;
  path: string;
  cards: Card[];
  totals: { changes: number; archived_changes: number };
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
 * One page of a source's board: `limit` active and `limit` archived changes
 * from `offset` on, with their task progress, read through openspec_context,
 * which pages on its side, so a large repository is never read whole.
 */
export async function loadBoard(
  catalog: Catalog,
  source: string,
  page: { offset: number; limit: number; query?: string },
): Promise<BoardPage | ToolFailure> {
  const result = await callTool(catalog, "openspec_context", {
    identifier: source,
    offset: page.offset,
    limit: page.limit,
    ...(page.query ? { query: page.query } : {}),
  });
  if (!result.ok) return result;
  if (!("changes" in result)) {
    return {
      ok: false,
      code: "invalid_input",
      error: `${source} is not a source name.`,
      fix: "Open a source from the sources page.",
    };
  }
  return toBoardPage(source, result, page);
}

type SourceAnswer = Extract<ContextSuccess, { changes: unknown }>;

function toBoardPage(
  source: string,
  answer: SourceAnswer,
  page: { offset: number; limit: number },
): BoardPage {
  const cards: Card[] = answer.changes.map((change) => ({
    source,
    change: change.name,
    token: change.token,
    column: columnOf(change.tasks),
    tasks: change.tasks ? { done: change.tasks.completed, total: change.tasks.total } : null,
    modified: change.last_modified,
  }));
  for (const change of answer.archived_changes) {
    cards.push({
      source,
      change: change.name,
      token: change.token,
      column: "archived",
      tasks: null,
      modified: null,
    });
  }
  return {
    ok: true,
    source,
    path: answer.path,
    cards,
    totals: { changes: answer.totals.changes, archived_changes: answer.totals.archived_changes },
    offset: page.offset,
    limit: page.limit,
    // The answer's own next_offset also counts the specs, which the board does not show.
    next_offset:
      page.offset + page.limit < Math.max(answer.totals.changes, answer.totals.archived_changes)
        ? page.offset + page.limit
        : null,
  };
}
