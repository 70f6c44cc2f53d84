import { html, type SafeHtml } from "./html.js";

/** A text shown as it is in the file, with a notice saying why it is not rendered. */
export function plainMarkdown(text: string, reason: string): SafeHtml {
  return html`<div class="notice warning" data-plain-markdown>Shown as plain text: ${reason}.</div><pre class="plain-markdown">${text}</pre>`;
}
