import type { ToolFailure } from "@org/openspec-core";
import { html, type SafeHtml } from "../html.js";

/** A catalog failure as people read it: what went wrong and what to do. */
export function failureBlock(failure: ToolFailure): SafeHtml {
  return html`<div class="notice error" role="alert"><strong>${failure.error}</strong>${
    failure.fix ? html`<p class="fix">Fix: ${failure.fix}</p>` : ""
  }<p class="code">${failure.code}</p></div>`;
}
