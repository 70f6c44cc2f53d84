import type { Source } from "../dashboard-state.js";
import { html, type SafeHtml } from "../html.js";
import { sourceUrl } from "../urls.js";

export type SourceRow = {
  source: Source;
  key: string;
  totals: { changes: number; archived_changes: number; specs: number } | null;
};

export type SourcesView = {
  rows: SourceRow[];
  csrf: string;
  notice: SafeHtml;
};

/**
 * Every source with its counts and a rename form, the unregistered one (the
 * folder the server started in) with a button to register it, and a form to
 * register another.
 */
export function sourcesBody(view: SourcesView): SafeHtml {
  const registered = view.rows.filter((row) => row.source.registered).length;
  const unregistered = view.rows.length - registered;
  const rows = view.rows.map(
    ({ source, key, totals }) => html`<tr${source.registered ? "" : html` class="unregistered"`}>
  <td><a href="${sourceUrl(key)}">${source.display_name}</a><div class="muted small">${source.token}</div></td>
  <td class="path">${source.path}</td>
  <td>${source.has_openspec ? html`<span class="badge ok">openspec/</span>` : html`<span class="badge warn">no openspec/</span>`}${source.registered ? "" : html` <span class="badge">not registered</span>`}</td>
  <td class="num">${totals ? totals.changes : "–"}</td>
  <td class="num">${totals ? totals.archived_changes : "–"}</td>
  <td class="num">${totals ? totals.specs : "–"}</td>
  <td>${source.registered ? renameForm(source, view.csrf) : registerForm(source, view.csrf)}</td>
</tr>`,
  );
  return html`<div class="page-head"><h1>Sources</h1><p class="meta">${registered} registered${unregistered > 0 ? html` · ${unregistered} shown from the folder the server started in` : ""}</p></div>
${view.notice}
<div class="table-wrap"><table class="sources">
<thead><tr><th>Source</th><th>Path</th><th>Folder</th><th class="num">Changes</th><th class="num">Archived</th><th class="num">Specs</th><th>Name</th></tr></thead>
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

function renameForm(source: Source, csrf: string): SafeHtml {
  return html`<form method="post" action="${sourceUrl(source.token)}/rename" class="inline">
    <input type="hidden" name="csrf" value="${csrf}">
    <input name="name" value="${source.name ?? ""}" placeholder="vanity name" aria-label="New name for ${source.display_name}" size="12">
    <button type="submit">Rename</button>
  </form>`;
}

/** Registering writes the registry through openspec_source_add; until then nothing is written. */
function registerForm(source: Source, csrf: string): SafeHtml {
  return html`<form method="post" action="/sources" class="inline">
    <input type="hidden" name="csrf" value="${csrf}">
    <input type="hidden" name="path" value="${source.path}">
    <button type="submit" aria-label="Register ${source.display_name}">Register it</button>
  </form>`;
}
