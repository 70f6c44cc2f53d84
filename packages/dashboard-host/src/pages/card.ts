import { html, type SafeHtml } from "../html.js";
import type { Card } from "../load-board.js";
import { changeUrl, ideaUrl } from "../urls.js";

/** One change on the board: name, its place in a sequence and what it waits for, repository, a progress bar and when it last changed; or one idea. */
export function card(item: Card, showSource: boolean): SafeHtml {
  if (item.idea !== undefined) return ideaCard(item, item.idea, showSource);
  const archived = item.column === "archived";
  return html`<li><a class="card" href="${changeUrl(item.source, item.change, archived)}" data-card>
  <span class="card-title">${item.change}</span>${
    item.order
      ? html`
  <span class="order${item.order.blocked_by.length > 0 ? " blocked" : ""}">${item.order.group} #${String(item.order.position)}${
    item.order.blocked_by.length > 0 ? ` · waits for ${item.order.blocked_by.join(", ")}` : ""
  }</span>`
      : ""
  }
  <span class="card-meta">${showSource ? html`<span class="repo">${item.source}</span>` : ""}${
    item.modified
      ? html`<time datetime="${item.modified}">${item.modified.slice(0, 10)}</time>`
      : ""
  }</span>
  ${
    item.tasks
      ? html`<progress value="${item.tasks.done}" max="${Math.max(item.tasks.total, 1)}" aria-label="tasks done"></progress>
  <span class="count">${item.tasks.done}/${item.tasks.total} tasks</span>`
      : archived
        ? ""
        : html`<span class="count">no tasks yet</span>`
  }
</a></li>`;
}

/** An idea on the board: its title, repository, and the change it became. */
function ideaCard(
  item: Card,
  idea: { title: string; promotedTo: string | null },
  showSource: boolean,
): SafeHtml {
  return html`<li><a class="card" href="${ideaUrl(item.source, item.change)}" data-card>
  <span class="card-title">${idea.title}</span>
  <span class="card-meta">${showSource ? html`<span class="repo">${item.source}</span>` : ""}</span>
  <span class="count">${idea.promotedTo === null ? "idea" : `promoted to ${idea.promotedTo}`}</span>
</a></li>`;
}
