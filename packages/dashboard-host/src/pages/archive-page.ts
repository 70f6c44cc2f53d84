import type { ChangeArchiveSuccess, ToolFailure } from "@org/openspec-core";
import { html, type SafeHtml } from "../html.js";
import { changeUrl, sourceUrl } from "../urls.js";
import { specChanges } from "./diff-block.js";
import { failureBlock } from "./failure-block.js";

export type ArchiveView = {
  source: string;
  change: string;
  result: ChangeArchiveSuccess | ToolFailure;
  csrf: string;
};

/** The archive's preview (dry run) with the confirm form, or what the archive did. */
export function archiveBody(view: ArchiveView): SafeHtml {
  const crumbs = html`<p class="crumbs"><a href="${sourceUrl(view.source)}">${view.source}</a> / <a href="${changeUrl(view.source, view.change)}">${view.change}</a></p>`;
  const { result } = view;
  if (!result.ok) {
    return html`<div class="page-head">${crumbs}<h1>Archive ${view.change}</h1></div>${failureBlock(result)}`;
  }
  if (!result.dry_run) {
    return html`<div class="page-head">${crumbs}<h1>Archived ${view.change}</h1></div>
<div class="notice ok" data-archived><strong>Archived as ${result.archived_as}.</strong> ${
      result.specs_updated ? "Baseline specs were updated." : "No baseline spec was written."
    }</div>
<ul>${result.specs.map((spec) => html`<li>${spec.id}: ${spec.outcome}</li>`)}</ul>
${result.warnings.map((warning) => html`<p class="notice warning">${warning}</p>`)}
<p><a class="button" href="${changeUrl(view.source, result.archived_as, true)}">Open the archived change</a></p>`;
  }
  const open = result.tasks.total - result.tasks.done;
  return html`<div class="page-head">${crumbs}<h1>Archive ${view.change}?</h1>
<p class="meta">Preview: nothing has moved yet. It would become <code>${result.path}</code>.</p></div>
${
  result.errors > 0
    ? html`<div class="notice error"><strong>The archive would refuse: ${result.errors} error(s) below.</strong></div>`
    : open > 0
      ? html`<div class="notice warning"><strong>${open} of ${result.tasks.total} tasks are open.</strong> Archive anyway only if they are done or dropped.</div>`
      : html`<div class="notice ok"><strong>Ready:</strong> all ${result.tasks.total} tasks are done.</div>`
}
<section><h2>What it writes to the specs</h2>${specChanges(result.specs)}</section>
${
  result.errors > 0
    ? ""
    : html`<form method="post" action="${changeUrl(view.source, view.change)}/archive" class="confirm">
  <input type="hidden" name="csrf" value="${view.csrf}">
  ${open > 0 ? html`<label><input type="checkbox" name="force" value="true" required> Archive with ${open} open task(s)</label>` : ""}
  <button type="submit" class="danger" data-confirm-archive>Archive ${view.change}</button>
  <a href="${changeUrl(view.source, view.change)}">Cancel</a>
</form>`
}`;
}
