/// <reference lib="dom" />
import { removeTemporaryFolders } from "@org/test-kit";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../test-support/dashboard-sandbox.js";
import { launchChromium } from "../test-support/launch-chromium.js";

const TASKS =
  "## 1. Work\n\n- [ ] 1.1 Add `cartTotal()` to the `Cart` class so that everybody understands their totals before paying\n";

let sandbox: Sandbox;
let browser: BrowserContext;

beforeAll(async () => {
  sandbox = await startSandbox({
    files: {
      "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
      "openspec/changes/add-cart/tasks.md": TASKS,
      "openspec/changes/hostile/proposal.md": `# Hostile\n\n## Why\n\n${"*_".repeat(8 * 1024)}\n`,
    },
  });
  // The tasks panel is 22rem beside the proposal: narrow.
  browser = await launchChromium({ viewport: { width: 900, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  removeTemporaryFolders();
});

describe("GIVEN a change page in a real browser, its tasks in the narrow panel", () => {
  it("WHEN a task holds inline code THEN the code shows as code without backticks, and no word of the text is broken across lines", async () => {
    const page = await browser.newPage();
    await page.goto(`${sandbox.base}/s/shop/changes/add-cart`);
    const text = page.locator(".task-text").first();
    expect(await text.locator("code").allTextContents()).toEqual(["cartTotal()", "Cart"]);
    expect(await text.textContent()).not.toContain("`");
    const broken = await text.evaluate((element) => {
      const words: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? "";
        for (const match of value.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1) words.push(match[0]);
        }
      }
      return words;
    });
    expect(broken).toEqual([]);
    // The text did wrap: the panel is narrower than the line.
    const lines = await text.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBeGreaterThan(1);
    await page.close();
  });

  it("WHEN a proposal is 16 KB of *_ THEN the page shows it as plain text with the notice", async () => {
    const page = await browser.newPage();
    await page.goto(`${sandbox.base}/s/shop/changes/hostile`);
    expect(await page.locator("[data-plain-markdown]").textContent()).toContain(
      "Shown as plain text",
    );
    expect(await page.locator("pre.plain-markdown").textContent()).toContain("*_*_*_");
    await page.close();
  });
});
