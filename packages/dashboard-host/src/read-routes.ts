import type { ToolFailure } from "@org/openspec-core";
import type { Context, Hono } from "hono";
import { callTool } from "./call-tool.js";
import type { DashboardState, Source } from "./dashboard-state.js";
import { html, type SafeHtml } from "./html.js";
import { type Card, loadBoard } from "./load-board.js";
import { boardBody } from "./pages/board-page.js";
import { changeBody } from "./pages/change-page.js";
import { failureBlock } from "./pages/failure-block.js";
import { ideaBody } from "./pages/idea-page.js";
import type { LayoutOptions } from "./pages/layout.js";
import { type SourceRow, sourcesBody } from "./pages/sources-page.js";
import { specBody } from "./pages/spec-page.js";
import { specsBody } from "./pages/specs-page.js";
import { validateBody } from "./pages/validate-page.js";
import { sourceUrl } from "./urls.js";

/** How many cards of each source the board across sources shows before "more". */
const PER_SOURCE_ON_OVERVIEW = 25;

export type Page = (
  c: Context,
  options: Omit<LayoutOptions, "csrf">,
  body: SafeHtml,
  status?: 200 | 404 | 400 | 500,
) => Response;

export function registerReadRoutes(app: Hono, state: DashboardState, page: Page): void {
  const offsetOf = (c: Context) =>
    Math.max(0, Number.parseInt(c.req.query("offset") ?? "0", 10) || 0);
  const failed = (c: Context, failure: ToolFailure, title = "Something went wrong") =>
    page(c, { title, section: "none" }, html`<h1>${title}</h1>${failureBlock(failure)}`, 400);

  app.get("/", async (c) => {
    const sources = await state.sources();
    if (!Array.isArray(sources)) return failed(c, sources);
    const live = sources.filter((source) => source.has_openspec);
    const pages = await Promise.all(
      live.map((source) =>
        loadBoard(state.catalog, source.key, { offset: 0, limit: PER_SOURCE_ON_OVERVIEW }),
      ),
    );
    const cards: Card[] = [];
    const lines: SafeHtml[] = [];
    pages.forEach((board, index) => {
      const source = live[index] as Source;
      if (!board.ok) {
        lines.push(html`<li>${source.key}: ${board.error}</li>`);
        return;
      }
      cards.push(...board.cards);
      const more = board.next_offset !== null;
      lines.push(
        html`<li><a href="${sourceUrl(source.key)}">${source.key}</a>: ${board.totals.changes} active, ${board.totals.archived_changes} archived${more ? html` · <a href="${sourceUrl(source.key)}">all of them</a>` : ""}</li>`,
      );
    });
    const unregistered = sources.filter((source) => !source.registered);
    const notices = html`${
      sources.length === 0
        ? html`<div class="notice info">No source is registered. <a href="/sources">Register a repository</a>.</div>`
        : ""
    }${unregistered.map(
      (source) =>
        html`<div class="notice info"><a href="${sourceUrl(source.key)}">${source.display_name}</a> is the repository this server started in, shown for now but not registered: <a href="/sources">register it</a> to keep it.</div>`,
    )}`;
    // Archived cards of every source together, newest first.
    const active = cards.filter((item) => item.column !== "archived");
    const archived = cards
      .filter((item) => item.column === "archived")
      .sort((a, b) => (b.modified ?? "").localeCompare(a.modified ?? ""));
    const withOlder = pages.flatMap((board) =>
      board.ok && board.totals.archived_changes > board.limit ? [board.source] : [],
    );
    const body = boardBody({
      title: "All sources",
      cards: [...active, ...archived],
      showSource: true,
      footer: html`<ul class="meta inline-list">${lines}</ul>`,
      notices,
      archived: {
        total: pages.reduce(
          (sum, board) => sum + (board.ok ? board.totals.archived_changes : 0),
          0,
        ),
        more:
          withOlder.length === 0
            ? null
            : html`Older ones: ${withOlder.map(
                (key, index) =>
                  html`${index > 0 ? ", " : ""}<a href="${sourceUrl(key)}?offset=${PER_SOURCE_ON_OVERVIEW}">${key}</a>`,
              )}.`,
      },
    });
    return page(c, { title: "Board", section: "board", source: "*" }, body);
  });

  app.get("/sources", async (c) => {
    const sources = await state.sources();
    if (!Array.isArray(sources)) return failed(c, sources);
    const rows: SourceRow[] = await Promise.all(
      sources.map(async (source) => {
        if (!source.has_openspec) return { source, key: source.key, totals: null };
        const answer = await callTool(state.catalog, "openspec_context", {
          identifier: source.key,
          limit: 1,
        });
        return {
          source,
          key: source.key,
          totals: answer.ok && "totals" in answer ? answer.totals : null,
        };
      }),
    );
    const notice = sourceNotice(c.req.query("added"), c.req.query("renamed"));
    return page(
      c,
      { title: "Sources", section: "sources", source: "*" },
      sourcesBody({ rows, csrf: state.csrf, notice }),
    );
  });

  app.get("/s/:source", async (c) => {
    const source = c.req.param("source");
    const offset = offsetOf(c);
    const query = c.req.query("q") ?? "";
    const board = await loadBoard(state.catalog, source, { offset, limit: state.pageSize, query });
    if (!board.ok) return failed(c, board, source);
    const base = sourceUrl(source);
    const q = query ? `&q=${encodeURIComponent(query)}` : "";
    const prev = offset > 0 ? Math.max(0, offset - state.pageSize) : null;
    const footer = html`<p class="meta">${board.totals.changes} active · ${board.totals.archived_changes} archived · showing ${offset + 1}–${Math.min(offset + state.pageSize, Math.max(board.totals.changes, board.totals.archived_changes))}${
      prev !== null ? html` · <a rel="prev" href="${base}?offset=${prev}${q}">previous</a>` : ""
    }${board.next_offset !== null ? html` · <a rel="next" href="${base}?offset=${board.next_offset}${q}">next</a>` : ""} · <a href="${base}/validate">validate</a> · <a href="/specs?source=${source}">specs</a></p>
<form method="get" action="${base}" class="filter"><input type="search" name="q" value="${query}" placeholder="Filter changes" aria-label="Filter changes"></form>`;
    const shownArchived = board.cards.filter((item) => item.column === "archived").length;
    const body = boardBody({
      title: source,
      cards: board.cards,
      showSource: false,
      footer,
      notices: html``,
      archived: {
        total: board.totals.archived_changes,
        more:
          offset + shownArchived < board.totals.archived_changes
            ? html`<a href="${base}?offset=${offset + state.pageSize}${q}">Older archived changes</a>`
            : null,
      },
    });
    return page(c, { title: source, section: "board", source }, body);
  });

  const changeRoute = (archived: boolean) => async (c: Context) => {
    const source = c.req.param("source") ?? "";
    const change = c.req.param("change") ?? "";
    const identifier = `${source}/${archived ? "archive/" : ""}${change}`;
    const answer = await callTool(state.catalog, "openspec_context", { identifier });
    if (!answer.ok) return failed(c, answer, change);
    if (!("change" in answer))
      return page(c, { title: change, section: "none" }, html`<h1>Not a change</h1>`, 404);
    const [tasks, diff] = archived
      ? [null, null]
      : await Promise.all([
          callTool(state.catalog, "openspec_task_list", { source, change }),
          // The page shows every delta spec's whole diff, not a model's first page.
          callTool(state.catalog, "openspec_spec_diff", {
            source,
            change,
            detail: "full",
            limit: 1000,
          }),
        ]);
    const { change: content } = answer;
    const markdown = await state.markdown.renderAll([
      content.proposal ?? "",
      content.design ?? "",
      content.tasks ?? "",
      ...content.specs.map((spec) => spec.content),
    ]);
    const body = changeBody({
      source,
      change: answer.change,
      markdown,
      tasks,
      diff,
      csrf: state.csrf,
      actionBase: `${sourceUrl(source)}/changes/${encodeURIComponent(change)}`,
    });
    return page(c, { title: change, section: "board", source }, body);
  };
  app.get("/s/:source/ideas/:idea", async (c) => {
    const source = c.req.param("source");
    const slug = c.req.param("idea");
    const answer = await callTool(state.catalog, "openspec_context", {
      identifier: `${source}/ideas/${slug}`,
    });
    if (!answer.ok) return failed(c, answer, slug);
    if (!("idea" in answer))
      return page(c, { title: slug, section: "none" }, html`<h1>Not an idea</h1>`, 404);
    const markdown = await state.markdown.renderAll([answer.idea.content]);
    return page(
      c,
      { title: answer.idea.title, section: "board", source },
      ideaBody(source, answer.idea, markdown),
    );
  });
  app.get("/s/:source/changes/:change", changeRoute(false));
  app.get("/s/:source/archive/:change", changeRoute(true));

  app.get("/specs", async (c) => {
    const sources = await state.sources();
    if (!Array.isArray(sources)) return failed(c, sources);
    const only = c.req.query("source");
    const keys = sources
      .filter((source) => source.has_openspec && (only === undefined || source.key === only))
      .map((source) => source.key);
    const query = (c.req.query("q") ?? "").trim();
    const offset = offsetOf(c);
    const limit = state.pageSize;
    const hits = query ? await state.specIndex.search(keys, query) : null;
    const specs = hits
      ? null
      : (await Promise.all(keys.map((key) => state.specIndex.specs(key)))).flat();
    const body = specsBody({
      query,
      hits: hits?.slice(offset, offset + limit) ?? null,
      specs: specs?.slice(offset, offset + limit) ?? null,
      total: (hits ?? specs ?? []).length,
      offset,
      limit,
    });
    const title = query ? `Search: ${query}` : "Specs";
    return page(c, { title, section: "specs", source: "*" }, body);
  });

  app.get("/s/:source/specs/:spec{.+}", async (c) => {
    const source = c.req.param("source");
    const name = c.req.param("spec");
    const shown = await callTool(state.catalog, "openspec_spec_show", {
      source,
      name,
      limit: 1000,
    });
    if (!shown.ok) return failed(c, shown, name);
    const markdown = await state.markdown.renderAll([
      shown.purpose,
      ...shown.requirements.flatMap((requirement) => [
        requirement.description,
        ...requirement.scenarios.map((scenario) => scenario.raw_text),
      ]),
    ]);
    return page(c, { title: name, section: "specs", source }, specBody(source, shown, markdown));
  });

  app.get("/s/:source/validate", async (c) => {
    const source = c.req.param("source");
    const target = c.req.query("target") || null;
    const result =
      c.req.query("run") === "1"
        ? await callTool(state.catalog, "openspec_validate", {
            source,
            // Every invalid item on one page, not a model's first ten.
            limit: 1000,
            ...(target ? { target } : {}),
          })
        : null;
    return page(
      c,
      { title: "Validate", section: "none", source },
      validateBody({ source, target, result }),
    );
  });
}

function sourceNotice(added: string | undefined, renamed: string | undefined): SafeHtml {
  if (added) return html`<div class="notice ok">Registered ${added}.</div>`;
  if (renamed) return html`<div class="notice ok">Renamed to ${renamed}.</div>`;
  return html``;
}
