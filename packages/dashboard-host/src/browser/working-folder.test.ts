/// <reference lib="dom" />
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCatalog } from "@org/openspec-core";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool } from "../call-tool.js";
import { type RunningDashboard, startDashboard } from "../start-dashboard.js";
import { SHOP_FILES } from "../test-support/dashboard-sandbox.js";
import { launchChromium } from "../test-support/launch-chromium.js";

let dashboard: RunningDashboard;
let base: string;
let repo: string;
let registryPath: string;
let browser: BrowserContext;

// The server as the bins start it: its own catalog on an empty registry, started in a
// subfolder of a repository that nobody registered.
beforeAll(async () => {
  const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  registryPath = env.OPENSPEC_AGENT_DB as string;
  repo = makeOpenSpecRepository(SHOP_FILES, "shop");
  const workdir = join(repo, "src");
  mkdirSync(workdir);
  dashboard = await startDashboard({ port: 0, env, workdir });
  base = `http://127.0.0.1:${dashboard.port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
  removeTemporaryFolders();
});

/** The registry as another process reads it. */
async function registered() {
  const catalog = createCatalog({ registryPath, env: {} });
  try {
    return await callTool(catalog, "openspec_source_list", {});
  } finally {
    catalog.close();
  }
}

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${base}${path}`);
  return page;
}

const column = (page: Page, id: string) => page.locator(`[data-column="${id}"]`);

describe("GIVEN the server started inside an unregistered repository, on an empty registry", () => {
  it("WHEN the board across sources opens THEN the repository's changes are on it, and it says the repository is not registered", async () => {
    const page = await open("/");
    expect(await column(page, "proposed").textContent()).toContain("add-search");
    const cart = column(page, "in_progress").locator("[data-card]", { hasText: "add-cart" });
    expect(await cart.locator("progress").getAttribute("value")).toBe("1");
    expect(await cart.locator(".repo").textContent()).toBe("shop");
    expect(await column(page, "done").textContent()).toContain("add-login");
    expect(await page.locator(".notice").textContent()).toContain("not registered");
    await page.close();
    expect(await registered()).toMatchObject({ ok: true, total: 0 });
  });

  it("WHEN its change page is used THEN ticking a task writes tasks.md in the repository through the catalog", async () => {
    const page = await open("/s/shop/changes/add-search");
    await page.locator('[data-task="1.1"]').check();
    const file = join(repo, "openspec/changes/add-search/tasks.md");
    await expect
      .poll(() => readFileSync(file, "utf8"), { timeout: 10_000 })
      .toContain("- [x] 1.1 Index products");
    await expect
      .poll(() => page.locator("[data-progress]").textContent(), { timeout: 10_000 })
      .toBe("1/2 tasks");
    await page.close();
  });

  it("WHEN a change is written on disk THEN its card appears live, and the spec browser finds its specs", async () => {
    const page = await open("/s/shop");
    await expect.poll(() => page.evaluate(() => document.body.dataset.live)).toBe("on");
    const folder = join(repo, "openspec/changes/add-wishlist");
    mkdirSync(folder);
    writeFileSync(join(folder, "proposal.md"), "# Add wishlist\n\n## Why\n\nLater.\n");
    writeFileSync(join(folder, "tasks.md"), "- [x] 1.1 Store it\n- [ ] 1.2 Show it\n");
    await column(page, "in_progress")
      .locator("[data-card]", { hasText: "add-wishlist" })
      .waitFor({ timeout: 10_000 });
    await page.goto(`${base}/specs?q=Products`);
    expect(await page.locator("main").textContent()).toContain("Products are listed");
    await page.close();
  });

  it("WHEN 'Register it' is pressed on the sources page THEN the registry holds the repository and the dashboard shows it once, registered", async () => {
    const page = await open("/sources");
    expect(await page.locator("table.sources tbody tr").count()).toBe(1);
    expect(await page.locator("tr.unregistered .path").textContent()).toBe(repo);
    await page.getByRole("button", { name: "Register shop" }).click();
    await page.waitForURL(/\/sources\?added=shop/);
    const list = await registered();
    expect(list.ok && list.sources.map((source) => source.path)).toEqual([repo]);
    const rows = page.locator("table.sources tbody tr");
    expect(await rows.count()).toBe(1);
    expect(await page.locator("tr.unregistered").count()).toBe(0);
    expect(await rows.locator(".small").textContent()).toBe(list.ok ? list.sources[0]?.token : "");
    await page.goto(`${base}/`);
    expect(await page.locator("[data-card]", { hasText: "add-cart" }).count()).toBe(1);
    expect(await page.locator(".notice", { hasText: "not registered" }).count()).toBe(0);
    await page.close();
  });
});
