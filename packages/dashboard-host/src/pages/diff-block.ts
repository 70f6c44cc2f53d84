import type { SpecDiffSuccess } from "@org/openspec-core";
import { html, type SafeHtml } from "../html.js";

type SpecChange = SpecDiffSuccess["specs"][number];

/** A unified diff with added, removed and context lines told apart by class (and colour). */
export function unifiedDiff(diff: string): SafeHtml {
  if (diff === "") return html`<p class="muted">No change to the baseline text.</p>`;
  const lines = diff.split("\n").map((line) => {
    const kind =
      line.startsWith("+++") || line.startsWith("---")
        ? "file"
        : line.startsWith("@@")
          ? "hunk"
          : line.startsWith("+")
            ? "add"
            : line.startsWith("-")
              ? "del"
              : "ctx";
    // Each line is a block of its own; a newline between them would double the spacing.
    return html`<span class="${kind}">${line}</span>`;
  });
  return html`<pre class="diff">${lines}</pre>`;
}

/** What one change does to each baseline spec: requirements by operation, then the text diff. */
export function specChanges(specs: readonly SpecChange[]): SafeHtml {
  if (specs.length === 0) return html`<p class="muted">This change has no delta specs.</p>`;
  return html`${specs.map(
    (spec) => html`<section class="spec-change">
  <h3>${spec.spec} ${spec.baseline_exists ? "" : html`<span class="badge added">new spec</span>`}</h3>
  <ul class="ops">${spec.requirements.map(
    (requirement) =>
      html`<li><span class="op op-${requirement.operation.toLowerCase()}">${requirement.operation}</span> ${
        requirement.from ? html`${requirement.from} → ` : ""
      }${requirement.name}</li>`,
  )}</ul>
  ${spec.diagnostics.map(
    (item) =>
      html`<p class="notice ${item.severity}">${item.severity}: ${item.message}${
        item.line ? ` (line ${item.line})` : ""
      }</p>`,
  )}
  <details open><summary>Text diff of ${spec.path}</summary>${unifiedDiff(spec.unified_diff)}</details>
</section>`,
  )}`;
}
