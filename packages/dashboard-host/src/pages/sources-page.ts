import type { SourceListSuccess } from "@org/openspec-core";
import { html, type SafeHtml } from "../html.js";
import { sourceUrl } from "../urls.js";

type Source = SourceListSuccess["sources"][number];

export type SourceRow = {
  source: Source;
  key: string;
  totals: { changes: number; archived_changes: number; specs: number } | null;
};

export type SourcesView = {
  rows: SourceRow[];
  csrf: string;
  /** A folder with openspec/ that is not registered yet (the folder the server started in). */
  offer: string | null;
  notice: SafeHtml;
};

/** Every registered repository with its counts, rename forms, and a form to register another. */
export function sourcesBody(view: SourcesView): SafeHtml {
  const rows = view.rows.map(
    ({ source, key, totals }) => html`<tr>
  <td><a href="${sourceUrl(key)}">${source.display_name}</a><div class="muted small">${source.token}</div></td>
  <td class="path">${source.path}</td>
  <td>${source.has_openspec ? html`<span class="badge ok">openspec/</span>` : html`<span class="badge warn">no openspec/</span>`}</td>
  <td class="num">${totals ? totals.changes : "–"}</td>
  <td class="num">${totals ? totals.archived_changes : "–"}</td>
  <td class="num">${totals ? totals.specs : "–"}</td>
  <td><form method="post" action="${sourceUrl(source.token)}/rename" class="inline">
    <input type="hidden" name="csrf" value="${view.csrf}">
    <input name="name" value="${source.name ?? ""}" placeholder="vanity name" aria-label="New name for ${source.display_name}" size="12">
    <button type="submit">Rename</button>
  </form></td>
</tr>`,
  );
  return html`<div class="page-head"><h1>Sources</h1><p class="meta">${view.rows.length} registered</p></div>
${view.notice}
${
  view.offer
    ? html`<div class="notice info"><p>This folder has <code>openspec/</code> and is not registered: <code>${view.offer}</code></p>
<form method="post" action="/sources"><input type="hidden" name="csrf" value="${view.csrf}"><input type="hidden" name="path" value="${view.offer}"><button type="submit">Register it</button></form></div>`
    : ""
}
<div class="table-wrap"><table class="sources">
<thead><tr><th>Source</th><th>Path</th><th>Folder</th><th class="num">Changes</th><th class="num">Archived</th><th class="num">Specs</th><th>Rename</th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td colspan="7" class="muted">No source registered yet.</td></tr>`}</tbody>
</table></div>
<h2>Register a repository</h2>
<form method="post" action="/sources" class="stack">
  <input type="hidden" name="csrf" value="${view.csrf}">
  <label>Folder (absolute path) <input name="path" required placeholder="/home/me/shop"></label>
  <label>Name (optional) <input name="name" placeholder="shop"></label>
  <button type="submit">Register</button>
</form>`;
}
