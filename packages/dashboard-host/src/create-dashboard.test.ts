import { readFileSync, utimesSync } from "node:fs";
import { get as httpGet } from "node:http";
import { join } from "node:path";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "./test-support/dashboard-sandbox.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
  removeTemporaryFolders();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.base}${path}`, { headers, redirect: "manual" });

async function csrfToken(): Promise<string> {
  const page = await (await get("/s/shop")).text();
  const match = /<meta name="csrf" content="([^"]+)">/.exec(page);
  if (!match?.[1]) throw new Error("no csrf meta tag");
  return match[1];
}

describe("GIVEN a registered repository with changes at three stages", () => {
  it("WHEN the board is asked for THEN each change is in its column with its progress", async () => {
    const page = await (await get("/s/shop")).text();
    const column = (id: string) =>
      new RegExp(`data-column="${id}"[\\s\\S]*?</section>`).exec(page)?.[0] ?? "";
    expect(column("proposed")).toContain("add-search");
    expect(column("in_progress")).toContain("add-cart");
    expect(column("in_progress")).toContain('<progress value="1" max="2"');
    expect(column("done")).toContain("add-login");
    expect(column("done")).not.toContain("add-cart");
  });

  it("WHEN the board is asked for THEN each active card already carries its last modification, the newest time of the change's files", async () => {
    const change = join(sandbox.repo, "openspec/changes/add-search");
    const old = new Date("2025-01-01T00:00:00.000Z");
    utimesSync(join(change, "proposal.md"), old, old);
    utimesSync(join(change, "tasks.md"), old, new Date("2025-02-03T04:05:06.000Z"));
    const page = await (await get("/s/shop")).text();
    const card = /<a class="card" href="\/s\/shop\/changes\/add-search"[\s\S]*?<\/a>/.exec(
      page,
    )?.[0];
    expect(card).toContain('<time datetime="2025-02-03T04:05:06.000Z">2025-02-03</time>');
  });

  it("WHEN a page is served THEN it carries the security headers and no inline script", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const page = await response.text();
    expect(page).not.toMatch(/<script>(?!<)/);
    expect(page).toContain("add-cart");
  });

  it("WHEN the board is paged THEN no page holds more than its size and next leads on", async () => {
    const small = await startSandbox({ pageSize: 2 });
    try {
      const first = await (await fetch(`${small.base}/s/shop`)).text();
      const second = await (await fetch(`${small.base}/s/shop?offset=2`)).text();
      const cards = (page: string) => (page.match(/data-card/g) ?? []).length;
      expect(cards(first)).toBe(2);
      expect(first).toContain('rel="next" href="/s/shop?offset=2"');
      expect(cards(second)).toBe(1);
      expect(second).not.toContain('rel="next"');
    } finally {
      await small.close();
    }
  });

  it("WHEN a spec holds a script tag THEN the page shows it as text, never as markup", async () => {
    const page = await (await get("/s/shop/specs/catalog")).text();
    expect(page).toMatch(/(&#x3C;|&lt;)script(>|&gt;)window.__pwned = true/);
    expect(page).not.toContain("<script>window.__pwned");
    expect(page).not.toMatch(/<img[^>]*onerror/);
  });

  it("WHEN the spec browser searches a scenario name THEN it finds the requirement", async () => {
    const page = await (await get("/specs?q=listing")).text();
    expect(page).toContain(
      'href="/s/shop/specs/catalog#req-products-are-listed">Products are listed',
    );
    expect(page).toContain("Scenario: Listing products");
  });

  it("WHEN the change page is opened THEN the delta spec's effect is shown as a coloured diff", async () => {
    const page = await (await get("/s/shop/changes/add-cart")).text();
    expect(page).toContain("Cart keeps items");
    expect(page).toContain('class="op op-added"');
    expect(page).toMatch(/<span class="add">\+### Requirement: Cart keeps items/);
  });

  it("WHEN a request names a foreign Host THEN it is refused (DNS rebinding)", async () => {
    // fetch() may not set Host, so this request goes out through node:http.
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpGet(
        {
          host: "127.0.0.1",
          port: sandbox.dashboard.port,
          path: "/",
          headers: { host: "attacker.example" },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
    });
    expect(status).toBe(403);
  });

  it("WHEN a write comes with a foreign Origin THEN it is refused and nothing changes", async () => {
    const csrf = await csrfToken();
    const response = await fetch(`${sandbox.base}/s/shop/changes/add-search/tasks`, {
      method: "POST",
      headers: {
        origin: "http://attacker.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrf, id: "1.1", done: "true" }),
    });
    expect(response.status).toBe(403);
    const tasks = readFileSync(join(sandbox.repo, "openspec/changes/add-search/tasks.md"), "utf8");
    expect(tasks).toContain("- [ ] 1.1");
  });

  it("WHEN a write lacks the page's secret THEN it is refused", async () => {
    const response = await fetch(`${sandbox.base}/s/shop/changes/add-search/tasks`, {
      method: "POST",
      headers: { origin: sandbox.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: "1.1", done: "true" }),
    });
    expect(response.status).toBe(403);
  });

  it("WHEN a same-origin form ticks a task THEN tasks.md changes through the catalog", async () => {
    const csrf = await csrfToken();
    const response = await fetch(`${sandbox.base}/s/shop/changes/add-search/tasks`, {
      method: "POST",
      headers: { origin: sandbox.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, id: "1.2", done: "true" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const tasks = readFileSync(join(sandbox.repo, "openspec/changes/add-search/tasks.md"), "utf8");
    expect(tasks).toContain("- [x] 1.2 Rank results");
  });

  it("WHEN an unknown change is asked for THEN the catalog's failure and fix are shown", async () => {
    const response = await get("/s/shop/changes/no-such-change");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Fix:");
  });
});
