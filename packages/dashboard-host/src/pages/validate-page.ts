import type { ToolFailure, ValidateSuccess } from "@org/openspec-core";
import { html, type SafeHtml } from "../html.js";
import { sourceUrl } from "../urls.js";
import { failureBlock } from "./failure-block.js";

type Issue = { level: string; path: string; message: string };
type Item = { id: string; type: string; valid: boolean; issues: Issue[]; file?: string };

export type ValidateView = {
  source: string;
  target: string | null;
  result: ValidateSuccess | ToolFailure | null;
};

/** openspec_validate on demand: each invalid item with its issues and the fix to start with. */
export function validateBody(view: ValidateView): SafeHtml {
  const base = `${sourceUrl(view.source)}/validate`;
  const head = html`<div class="page-head"><p class="crumbs"><a href="${sourceUrl(view.source)}">${view.source}</a> / validate</p>
<h1>Validate ${view.target ?? "everything"}</h1>
<form method="get" action="${base}">${view.target ? html`<input type="hidden" name="target" value="${view.target}">` : ""}<input type="hidden" name="run" value="1"><button type="submit">${view.result ? "Run again" : "Run validation"}</button></form></div>`;
  if (view.result === null) return head;
  if (view.result.ok) {
    const checked = view.result.page?.total ?? readItems(view.result.stdout).length;
    return html`${head}<div class="notice ok"><strong>Valid.</strong> ${checked} item(s) checked.</div>
${view.result.diagnostics.map(
  (item) =>
    html`<p class="notice ${item.severity}">${item.message}${item.fix ? html`<span class="fix"> Fix: ${item.fix}</span>` : ""}</p>`,
)}`;
  }
  const failure = view.result;
  const invalid: Item[] = Array.isArray(failure.invalid) ? (failure.invalid as Item[]) : [];
  return html`${head}${failureBlock(failure)}
${invalid.map(
  (
    item,
  ) => html`<section class="invalid"><h3>${item.type} ${item.id}</h3>${item.file ? html`<p class="muted small">Edit ${item.file}</p>` : ""}
<ul>${item.issues.map(
    (issue) =>
      html`<li><span class="badge ${issue.level.toLowerCase()}">${issue.level}</span> <code>${issue.path}</code> ${issue.message}</li>`,
  )}</ul></section>`,
)}`;
}

function readItems(stdout: unknown): Item[] {
  if (typeof stdout !== "object" || stdout === null || !("items" in stdout)) return [];
  return Array.isArray(stdout.items) ? (stdout.items as Item[]) : [];
}
