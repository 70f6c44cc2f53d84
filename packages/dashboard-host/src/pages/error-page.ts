import { html, type SafeHtml } from "../html.js";

/** A bare page for refused requests: no script, no styles, nothing from a repository. */
export function errorPage(status: number, text: string): string {
  const page: SafeHtml = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status}</title></head><body><h1>${status}</h1><p>${text}</p></body></html>`;
  return page.value;
}
