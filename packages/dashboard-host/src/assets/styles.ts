/** The dashboard's stylesheet, served as /assets/app.css: light and dark follow the system. */
export const STYLES = `
:root {
  color-scheme: light dark;
  --bg: #f7f7f5; --panel: #ffffff; --text: #1d1f23; --muted: #646a73; --line: #e2e2de;
  --accent: #3157d5; --accent-soft: #e8edfc; --ok: #1a7f45; --ok-soft: #e3f4ea;
  --warn: #9a6200; --warn-soft: #fbf0d9; --bad: #b42318; --bad-soft: #fde8e6;
  --add: #e6f6ea; --add-text: #135c2f; --del: #fdecea; --del-text: #8a1c12;
  --on-accent: #ffffff; --radius: 10px; --shadow: 0 1px 2px rgba(0,0,0,.06), 0 1px 1px rgba(0,0,0,.03);
  font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
  font-size: 15px; line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #121417; --panel: #1b1e23; --text: #e6e8eb; --muted: #9aa1ab; --line: #2c3037;
    --accent: #8aa4ff; --accent-soft: #22294a; --ok: #5cc98a; --ok-soft: #17301f;
    --warn: #e6b450; --warn-soft: #3a2e12; --bad: #ff8a80; --bad-soft: #3b1b19;
    --add: #15301e; --add-text: #8fe0a8; --del: #3a1a18; --del-text: #ffb3ab;
    --on-accent: #0d1326; --shadow: none;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre, .path, .task-id { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: .9em; }
h1 { font-size: 1.6rem; margin: .2rem 0; letter-spacing: -.01em; overflow-wrap: anywhere; }
h2 { font-size: 1.05rem; margin: 1.2rem 0 .5rem; }
h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
.top { display: flex; align-items: center; gap: 1rem; padding: .6rem 1.2rem; background: var(--panel); border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 2; flex-wrap: wrap; }
.brand { font-weight: 700; color: var(--text); }
.top nav { display: flex; gap: .2rem; }
.top nav a { padding: .3rem .6rem; border-radius: 6px; color: var(--muted); }
.top nav a[aria-current="page"] { background: var(--accent-soft); color: var(--accent); }
.search { margin-left: auto; }
.search input, .big-search input, .filter input, input[name], input[type="search"] { font: inherit; padding: .35rem .6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--text); }
.search input { width: 16rem; max-width: 50vw; }
.live { color: var(--muted); font-size: .8rem; }
.live.on { color: var(--ok); }
main { padding: 1rem 1.2rem 3rem; max-width: 1500px; margin: 0 auto; }
.page-head { margin-bottom: 1rem; }
.meta, .muted, .crumbs { color: var(--muted); }
.small { font-size: .85em; }
.crumbs { margin: 0; font-size: .9rem; }
.inline-list { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; margin: .3rem 0; }
.board { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 1rem; align-items: start; }
.column { background: color-mix(in srgb, var(--panel) 55%, var(--bg)); border: 1px solid var(--line); border-radius: var(--radius); padding: .5rem .6rem; min-width: 0; }
.column h2 { margin: .2rem .2rem .6rem; font-size: .85rem; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); display: flex; justify-content: space-between; }
.cards { list-style: none; margin: 0; padding: 0; display: grid; gap: .5rem; }
.card { display: grid; gap: .3rem; padding: .6rem .7rem; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; box-shadow: var(--shadow); color: var(--text); }
.card:hover { border-color: var(--accent); text-decoration: none; }
.card:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
.card-title { font-weight: 600; overflow-wrap: anywhere; }
.card-meta { display: flex; justify-content: space-between; gap: .5rem; font-size: .8rem; color: var(--muted); }
.repo { background: var(--accent-soft); color: var(--accent); border-radius: 4px; padding: 0 .35rem; }
.count { font-size: .8rem; color: var(--muted); }
.order { font-size: .8rem; color: var(--muted); }
.order.blocked { color: var(--warn); }
progress { width: 100%; height: 6px; appearance: none; -webkit-appearance: none; border: 0; border-radius: 3px; background: var(--line); overflow: hidden; vertical-align: middle; }
progress::-webkit-progress-bar { background: var(--line); border-radius: 3px; }
progress::-webkit-progress-value { background: var(--accent); border-radius: 3px; }
progress::-moz-progress-bar { background: var(--accent); }
[data-column="done"] progress::-webkit-progress-value { background: var(--ok); }
.meta progress { width: 8rem; }
.badge { display: inline-block; font-size: .75rem; padding: 0 .45rem; border-radius: 999px; background: var(--line); color: var(--muted); font-weight: 600; }
.badge.ok { background: var(--ok-soft); color: var(--ok); }
.badge.warn, .badge.warning { background: var(--warn-soft); color: var(--warn); }
.badge.error { background: var(--bad-soft); color: var(--bad); }
.badge.added { background: var(--add); color: var(--add-text); }
.notice { border-radius: 8px; padding: .6rem .8rem; margin: .6rem 0; border: 1px solid var(--line); background: var(--panel); }
.notice p { margin: .2rem 0; }
.notice.error { background: var(--bad-soft); border-color: transparent; color: var(--bad); }
.notice.warning { background: var(--warn-soft); border-color: transparent; color: var(--warn); }
.notice.ok { background: var(--ok-soft); border-color: transparent; color: var(--ok); }
.notice.info { background: var(--accent-soft); border-color: transparent; }
.notice .code { font-size: .75rem; opacity: .8; }
.change-grid { display: grid; grid-template-columns: minmax(0, 1fr) 22rem; gap: 1.5rem; align-items: start; }
.doc, .tasks { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: .4rem 1.2rem 1rem; min-width: 0; }
.tasks { position: sticky; top: 4rem; max-height: calc(100vh - 5rem); overflow: auto; }
.doc h1 { font-size: 1.25rem; }
.doc pre { overflow-x: auto; }
.checklist { list-style: none; padding: 0; margin: 0; }
.checklist li { padding: .2rem 0; }
.checklist .section { font-weight: 600; margin-top: .6rem; color: var(--muted); font-size: .85rem; }
.checklist label { display: flex; gap: .45rem; align-items: baseline; cursor: pointer; font-size: .9rem; overflow-wrap: anywhere; }
.checklist input { flex: none; }
.task-id { white-space: nowrap; flex: none; }
.task-text { min-width: 0; }
.task-form { margin: 0; }
.task-id { color: var(--muted); }
details.delta { border: 1px solid var(--line); border-radius: 8px; padding: .3rem .8rem; margin: .5rem 0; }
summary { cursor: pointer; font-family: ui-monospace, monospace; font-size: .85rem; color: var(--muted); }
.diff { background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: .6rem 0; overflow-x: auto; font-size: .8rem; line-height: 1.45; }
.diff span { display: block; padding: 0 .8rem; white-space: pre; }
.diff .add { background: var(--add); color: var(--add-text); }
.diff .del { background: var(--del); color: var(--del-text); }
.diff .hunk { color: var(--accent); }
.diff .file { color: var(--muted); font-weight: 600; }
.ops { list-style: none; padding: 0; }
.op { display: inline-block; min-width: 5.6rem; font-size: .72rem; font-weight: 700; letter-spacing: .03em; }
.op-added { color: var(--ok); } .op-modified { color: var(--warn); } .op-removed { color: var(--bad); } .op-renamed { color: var(--accent); }
.button, button { display: inline-block; font: inherit; font-size: .9rem; padding: .35rem .8rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--on-accent); cursor: pointer; }
.button.quiet { background: transparent; color: var(--accent); }
.button:hover { text-decoration: none; filter: brightness(1.05); }
button.danger { background: var(--bad); border-color: var(--bad); color: var(--on-accent); }
:target { scroll-margin-top: 4.5rem; background: var(--accent-soft); border-radius: 4px; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); }
th, td { text-align: left; padding: .5rem .7rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: .8rem; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.path { color: var(--muted); overflow-wrap: anywhere; }
form.inline { display: flex; gap: .3rem; }
form.stack { display: grid; gap: .6rem; max-width: 32rem; }
form.stack label { display: grid; gap: .2rem; }
form.stack button { justify-self: start; }
.diff span:empty::after { content: " "; }
.big-search { display: flex; gap: .5rem; margin: .6rem 0; }
.big-search input { flex: 1; max-width: 36rem; }
.results { list-style: none; padding: 0; display: grid; gap: .4rem; }
.results > li { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .5rem .8rem; }
.scenarios { margin: .2rem 0 0; padding-left: 1.2rem; color: var(--muted); font-size: .9rem; }
.requirement { border-top: 1px solid var(--line); padding-top: .4rem; }
.scenario { border-left: 3px solid var(--accent-soft); padding-left: .8rem; margin: .5rem 0; }
.scenario h4 { margin: .3rem 0; font-size: .9rem; }
.confirm { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; margin-top: 1rem; }
.pager { color: var(--muted); }
@media (max-width: 1000px) {
  .board { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .change-grid { grid-template-columns: 1fr; }
  .tasks { position: static; max-height: none; }
}
@media (max-width: 600px) {
  :root { font-size: 16px; }
  .board { grid-template-columns: 1fr; }
  .top { padding: .5rem .8rem; gap: .5rem; }
  .search { margin-left: 0; width: 100%; order: 3; }
  .live { order: 2; margin-left: auto; }
  .search input { width: 100%; max-width: none; }
  main { padding: .8rem; }
  th:nth-child(2), td:nth-child(2) { display: none; }
}
`;
