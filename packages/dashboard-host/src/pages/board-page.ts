import { html, type SafeHtml } from "../html.js";
import { type Card, COLUMNS } from "../load-board.js";
import { card } from "./card.js";

export type BoardView = {
  title: string;
  cards: Card[];
  showSource: boolean;
  /** Lines under the title: totals, the page, links to further pages. */
  footer: SafeHtml;
  notices: SafeHtml;
  /** Every archived change, not only the cards shown, and where the older ones are. */
  archived: { total: number; more: SafeHtml | null };
};

/** The four columns; each card links to its change page, j/k moves between cards. */
export function boardBody(view: BoardView): SafeHtml {
  const columns = COLUMNS.map((column) => {
    const cards = view.cards.filter((item) => item.column === column.id);
    const archived = column.id === "archived";
    const count = archived ? view.archived.total : cards.length;
    return html`<section class="column" data-column="${column.id}" aria-label="${column.title}">
  <h2>${column.title} <span class="badge">${count}</span></h2>
  <ul class="cards">${cards.map((item) => card(item, view.showSource))}</ul>
  ${
    archived && view.archived.more !== null
      ? html`<p class="column-more" data-archived-more>${cards.length} of ${count} shown, newest first. ${view.archived.more}</p>`
      : ""
  }
</section>`;
  });
  return html`<div class="page-head"><h1>${view.title}</h1>${view.footer}</div>
${view.notices}
<div class="board">${columns}</div>`;
}
