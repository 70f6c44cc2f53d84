import { html, type SafeHtml } from "../html.js";

export type LayoutOptions = {
  title: string;
  csrf: string;
  /** The nav entry to mark as the current page. */
  section: "sources" | "board" | "specs" | "none";
  /** The source this page is about, for live updates and the nav's board link. */
  source?: string | null;
  /**
   * Whether live updates re-fetch this page. Off for the answer to a POST: its
   * address would fetch something else (an archive's result would become the
   * preview of a change that is gone).
   */
  refresh?: boolean;
};

/** The page around every view: nav, search, styles and the one script. */
export function layout(options: LayoutOptions, body: SafeHtml): SafeHtml {
  const current = (section: LayoutOptions["section"]) =>
    options.section === section ? "page" : false;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf" content="${options.csrf}">
<meta name="color-scheme" content="light dark">
<title>${options.title} · OpenSpec dashboard</title>
<link rel="stylesheet" href="/assets/app.css">
<script src="/assets/app.js" defer></script>
</head>
<body data-source="${options.refresh === false ? "" : (options.source ?? "")}">
<header class="top">
  <a class="brand" href="/">OpenSpec</a>
  <nav>
    <a href="/sources" aria-current="${current("sources") || "false"}">Sources</a>
    <a href="/" aria-current="${current("board") || "false"}">Board</a>
    <a href="/specs" aria-current="${current("specs") || "false"}">Specs</a>
  </nav>
  <form class="search" action="/specs" method="get" role="search">
    <input type="search" name="q" placeholder="Search requirements  /" aria-label="Search requirements and scenarios">
  </form>
  <span class="live" id="live" title="Live updates">●</span>
</header>
<main id="main">
${body}
</main>
</body>
</html>`;
}
