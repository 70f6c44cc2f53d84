/**
 * The dashboard's only script, served as /assets/app.js (the page's policy
 * allows scripts from this server only, none inline). Pages work without it;
 * it adds live updates, ticking tasks without a reload and the keyboard.
 */
export const CLIENT_SCRIPT = `(() => {
  "use strict";
  const csrf = document.querySelector('meta[name="csrf"]')?.content ?? "";
  const live = document.getElementById("live");
  const pageSource = () => document.body.dataset.source ?? "";
  let refreshing = null;
  let again = false;

  let waiting = false;
  // A person typing into a form on the page keeps what they typed: the update waits for them.
  const typing = () => document.activeElement?.matches?.('#main input:not([type="checkbox"]), #main textarea') === true;
  document.addEventListener("focusout", () => {
    if (waiting) setTimeout(() => { if (waiting && !typing()) { waiting = false; refresh(); } }, 0);
  });

  async function refresh() {
    if (typing()) { waiting = true; return; }
    if (refreshing) { again = true; return refreshing; }
    refreshing = (async () => {
      try {
        const response = await fetch(location.href, { headers: { accept: "text/html" }, credentials: "same-origin" });
        if (!response.ok) return;
        const next = new DOMParser().parseFromString(await response.text(), "text/html");
        const main = next.getElementById("main");
        const current = document.getElementById("main");
        if (!main || !current) return;
        const focused = document.activeElement?.closest?.("[data-card]");
        const focusHref = focused?.getAttribute("href");
        current.replaceChildren(...main.childNodes);
        document.title = next.title;
        if (focusHref) document.querySelector('[data-card][href="' + CSS.escape(focusHref) + '"]')?.focus();
        document.dispatchEvent(new CustomEvent("dashboard:refreshed"));
      } finally {
        refreshing = null;
        if (again) { again = false; refresh(); }
      }
    })();
    return refreshing;
  }

  function connect() {
    const events = new EventSource("/events");
    events.addEventListener("ready", () => { live?.classList.add("on"); document.body.dataset.live = "on"; });
    events.addEventListener("change", (event) => {
      const { sources } = JSON.parse(event.data);
      const source = pageSource();
      if (source === "*" || sources.includes(source)) refresh();
    });
    events.onerror = () => { live?.classList.remove("on"); document.body.dataset.live = "off"; };
  }
  connect();

  document.addEventListener("change", async (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.dataset.task) return;
    const form = box.closest("form");
    if (!form) return;
    box.disabled = true;
    const response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      headers: { accept: "application/json", "x-csrf-token": csrf },
      credentials: "same-origin",
    });
    if (!response.ok) {
      const failure = await response.json().catch(() => ({ error: "The task could not be updated." }));
      alertBox(failure.error + (failure.fix ? " " + failure.fix : ""));
    }
    await refresh();
  });

  function alertBox(text) {
    const box = document.createElement("div");
    box.className = "notice error";
    box.setAttribute("role", "alert");
    box.textContent = text;
    document.getElementById("main")?.prepend(box);
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]")) {
      if (event.key === "Escape") target.blur();
      return;
    }
    if (event.key === "/") {
      event.preventDefault();
      const search = document.querySelector(".big-search input, .filter input, .search input");
      search?.focus();
      search?.select?.();
      return;
    }
    if (event.key !== "j" && event.key !== "k") return;
    const cards = [...document.querySelectorAll("[data-card]")];
    if (cards.length === 0) return;
    const index = cards.indexOf(document.activeElement);
    const next = event.key === "j" ? Math.min(cards.length - 1, index + 1) : Math.max(0, index - 1);
    event.preventDefault();
    cards[index === -1 ? 0 : next].focus();
    cards[index === -1 ? 0 : next].scrollIntoView({ block: "nearest" });
  });
})();
`;
