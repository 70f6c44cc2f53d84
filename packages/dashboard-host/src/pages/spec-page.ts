import type { SpecShowSuccess } from "@org/openspec-core";
import { html, type SafeHtml } from "../html.js";
import { requirementAnchor, sourceUrl } from "../urls.js";

/** One baseline spec: purpose, then each requirement with its scenarios, rendered and sanitized. */
export function specBody(
  source: string,
  spec: SpecShowSuccess,
  markdown: (text: string) => SafeHtml,
): SafeHtml {
  return html`<div class="page-head"><p class="crumbs"><a href="${sourceUrl(source)}">${source}</a> / specs</p>
<h1>${spec.title}</h1><p class="meta">${spec.path}</p></div>
<article class="doc">
<section><h2>Purpose</h2>${markdown(spec.purpose)}</section>
<section><h2>Requirements</h2>
${spec.requirements.map(
  (
    requirement,
  ) => html`<div class="requirement"><h3 id="${requirementAnchor(requirement.name)}">${requirement.name}</h3>${markdown(requirement.description)}
${requirement.scenarios.map(
  (scenario) =>
    html`<div class="scenario"><h4>Scenario: ${scenario.name}</h4>${markdown(scenario.raw_text)}</div>`,
)}</div>`,
)}
</section>
${
  spec.warnings.length
    ? html`<section><h2>Warnings</h2>${spec.warnings.map(
        (warning) =>
          html`<p class="notice ${warning.severity}">line ${warning.line}: ${warning.message}</p>`,
      )}</section>`
    : ""
}
</article>`;
}
