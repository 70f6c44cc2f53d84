import { html, type SafeHtml } from "../html.js";
import { type Card, COLUMNS } from "../load-board.js";
import { card } from "./card.js";

export type BoardView = {
  title: string;
  cards: Card[];
  modified: (card: Card) => string | null;
  showSource: boolean;
  /** Lines under the title: totals, the page, links to further pages. */
  footer: SafeHtml;
  notices: SafeHtml;
};

/** The four columns; each card links to its change page, j/k moves between cards. */
export function boardBody(view: BoardView): SafeHtml {
  const columns = COLUMNS.map((column) => {
    const cards = view.cards.filter((item) => item.column === column.id);
    return html`<section class="column" data-column="${column.id}" aria-label="${column.title}">
  <h2>${column.title} <span class="badge">${cards.length}</span></h2>
  <ul class="cards">${cards.map((item) => card(item, view.modified(item), view.showSource))}</ul>
</section>`;
  });
  return html`<div class="page-head"><h1>${view.title}</h1>${view.footer}</div>
${view.notices}
<div class="board">${columns}</div>`;
}
