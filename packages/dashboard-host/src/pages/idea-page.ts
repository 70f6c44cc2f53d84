import type { ContextSuccess } from "@org/openspec-core";
import { html, type SafeHtml } from "../html.js";
import { changeUrl, sourceUrl } from "../urls.js";

type Idea = Extract<ContextSuccess, { idea: unknown }>["idea"];

/** One idea: where it came from, the change it became, then its file rendered and sanitized. */
export function ideaBody(
  source: string,
  idea: Idea,
  markdown: (text: string) => SafeHtml,
): SafeHtml {
  const facts = [
    idea.origin ? `origin ${idea.origin}` : null,
    idea.created ? `created ${idea.created.slice(0, 10)}` : null,
    idea.tags.length > 0 ? `tags ${idea.tags.join(", ")}` : null,
    idea.tshirt_size ? `size ${idea.tshirt_size}` : null,
    idea.feasibility ? `feasibility ${idea.feasibility}` : null,
  ].filter((fact): fact is string => fact !== null);
  return html`<div class="page-head"><p class="crumbs"><a href="${sourceUrl(source)}">${source}</a> / ideas</p>
<h1>${idea.title}</h1><p class="meta">${idea.path} · ${idea.token}${facts.length > 0 ? ` · ${facts.join(" · ")}` : ""}${
    idea.change === null
      ? ""
      : html` · promoted to <a href="${changeUrl(source, idea.change)}">${idea.change}</a>`
  }</p></div>
<article class="doc">${markdown(idea.content)}</article>`;
}
