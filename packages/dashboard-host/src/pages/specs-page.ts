import { html, type SafeHtml } from "../html.js";
import type { SearchHit, SpecEntry } from "../spec-index.js";
import { requirementAnchor, specUrl } from "../urls.js";

export type SpecsView = {
  query: string;
  hits: SearchHit[] | null;
  specs: SpecEntry[] | null;
  total: number;
  offset: number;
  limit: number;
};

/** The spec browser: every spec of every source, or the requirements a search finds. */
export function specsBody(view: SpecsView): SafeHtml {
  const next = view.offset + view.limit < view.total ? view.offset + view.limit : null;
  const prev = view.offset > 0 ? Math.max(0, view.offset - view.limit) : null;
  const q = encodeURIComponent(view.query);
  const pager = html`<p class="pager">${view.total === 0 ? "Nothing" : `${view.offset + 1}–${Math.min(view.offset + view.limit, view.total)} of ${view.total}`}${
    prev !== null ? html` · <a href="/specs?q=${q}&amp;offset=${prev}" rel="prev">previous</a>` : ""
  }${next !== null ? html` · <a href="/specs?q=${q}&amp;offset=${next}" rel="next">next</a>` : ""}</p>`;
  const list = view.hits
    ? html`<ul class="results">${view.hits.map(
        (
          hit,
        ) => html`<li><a href="${specUrl(hit.source, hit.spec)}#${requirementAnchor(hit.requirement)}">${hit.requirement}</a>
  <span class="muted small">${hit.source} · ${hit.spec}</span>${
    hit.scenarios.length
      ? html`<ul class="scenarios">${hit.scenarios.map((name) => html`<li>Scenario: ${name}</li>`)}</ul>`
      : ""
  }</li>`,
      )}</ul>`
    : html`<ul class="results">${(view.specs ?? []).map(
        (spec) => html`<li><a href="${specUrl(spec.source, spec.spec)}">${spec.spec}</a>
  <span class="muted small">${spec.source} · ${spec.requirements.length} requirements</span></li>`,
      )}</ul>`;
  return html`<div class="page-head"><h1>Specs</h1>
<form action="/specs" method="get" role="search" class="big-search"><input type="search" name="q" value="${view.query}" placeholder="Requirement or scenario name" aria-label="Search specs" autofocus><button type="submit">Search</button></form>
${pager}</div>
${list}`;
}
