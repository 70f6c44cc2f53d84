/// <reference lib="dom" />
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { removeTemporaryFolders } from "@org/test-kit";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../test-support/dashboard-sandbox.js";
import { launchChromium } from "../test-support/launch-chromium.js";

let sandbox: Sandbox;
let browser: BrowserContext;

beforeAll(async () => {
  sandbox = await startSandbox();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  removeTemporaryFolders();
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${sandbox.base}${path}`);
  return page;
}

const column = (page: Page, id: string) => page.locator(`[data-column="${id}"]`);

describe("GIVEN the dashboard in a real browser on a registry with one repository", () => {
  it("WHEN the board opens THEN each change is in its column with its progress bar", async () => {
    const page = await open("/s/shop");
    await expect
      .poll(() => column(page, "proposed").locator("[data-card]").allTextContents())
      .toEqual([expect.stringContaining("add-search")]);
    const cart = column(page, "in_progress").locator("[data-card]", { hasText: "add-cart" });
    expect(await cart.locator("progress").getAttribute("value")).toBe("1");
    expect(await cart.locator("progress").getAttribute("max")).toBe("2");
    expect(await column(page, "done").textContent()).toContain("add-login");
    await page.close();
  });

  it("WHEN j and / are pressed THEN the first card, then the search box, has the focus", async () => {
    const page = await open("/s/shop");
    await page.keyboard.press("j");
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-card"))).toBe(true);
    await page.keyboard.press("/");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");
    await page.close();
  });

  it("WHEN a task is ticked THEN tasks.md changes and the bar moves, without a reload", async () => {
    const page = await open("/s/shop/changes/add-search");
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.locator('[data-task="1.1"]').check();
    const file = join(sandbox.repo, "openspec/changes/add-search/tasks.md");
    await expect
      .poll(() => readFileSync(file, "utf8"), { timeout: 10_000 })
      .toContain("- [x] 1.1 Index products");
    await expect
      .poll(() => page.locator("[data-progress]").textContent(), { timeout: 10_000 })
      .toBe("1/2 tasks");
    expect(await page.locator(".meta progress").getAttribute("value")).toBe("1");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    await page.close();
  });

  it("WHEN a change is written on disk THEN its card appears live, without a reload", async () => {
    const page = await open("/s/shop");
    await expect.poll(() => page.evaluate(() => document.body.dataset.live)).toBe("on");
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const folder = join(sandbox.repo, "openspec/changes/add-wishlist");
    mkdirSync(folder);
    const written = Date.now();
    writeFileSync(
      join(folder, "proposal.md"),
      "# Add wishlist\n\n## Why\n\nPeople save things for later.\n",
    );
    writeFileSync(
      join(folder, "tasks.md"),
      "## 1. Work\n\n- [x] 1.1 Store it\n- [ ] 1.2 Show it\n",
    );
    const card = column(page, "in_progress").locator("[data-card]", { hasText: "add-wishlist" });
    await card.waitFor({ timeout: 10_000 });
    const seenAfterMs = Date.now() - written;
    console.log(
      `live update: the new card appeared ${seenAfterMs} ms after the files were written`,
    );
    expect(await card.locator("progress").getAttribute("value")).toBe("1");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    await page.close();
  });

  it("WHEN a change is archived THEN the preview comes first, then the archive moves it", async () => {
    const page = await open("/s/shop/changes/add-login");
    await page.getByRole("link", { name: "Archive…" }).click();
    await page.waitForURL(/\/archive$/);
    expect(await page.locator("h1").textContent()).toBe("Archive add-login?");
    expect(await page.locator("main").textContent()).toContain("Preview: nothing has moved yet");
    expect(existsSync(join(sandbox.repo, "openspec/changes/add-login"))).toBe(true);
    await page.locator("[data-confirm-archive]").click();
    await page.locator("[data-archived]").waitFor({ timeout: 60_000 });
    expect(await page.locator("[data-archived]").textContent()).toMatch(
      /Archived as \d{4}-\d{2}-\d{2}-add-login/,
    );
    expect(existsSync(join(sandbox.repo, "openspec/changes/add-login"))).toBe(false);
    await page.goto(`${sandbox.base}/s/shop`);
    expect(await column(page, "archived").textContent()).toContain("add-login");
    await page.close();
  });

  it("WHEN a spec holds <script> THEN nothing runs, no dialog opens, and the text is visible", async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${sandbox.base}/s/shop/specs/catalog`);
    await page.waitForLoadState("load");
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned),
    ).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator("main").textContent()).toContain("<script>window.__pwned = true");
    expect(await page.locator("main script, main img").count()).toBe(0);
    await page.close();
  });

  it("WHEN a page on another origin posts a form to the dashboard THEN it is refused", async () => {
    const attacker = await serveAttackerPage(
      `<form id="f" method="post" action="${sandbox.base}/sources"><input name="path" value="/tmp"><input name="csrf" value="guess"></form><script>document.getElementById("f").submit()</script>`,
    );
    const page = await browser.newPage();
    try {
      const refused = page.waitForResponse(
        (response) => response.url() === `${sandbox.base}/sources`,
      );
      await page.goto(attacker.url);
      expect((await refused).status()).toBe(403);
      const sources = await (await fetch(`${sandbox.base}/sources`)).text();
      expect(sources).not.toContain('<td class="path">/tmp</td>');
    } finally {
      await page.close();
      attacker.server.closeAllConnections();
      await new Promise((resolve) => attacker.server.close(resolve));
    }
  });
});

async function serveAttackerPage(body: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><html><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}
