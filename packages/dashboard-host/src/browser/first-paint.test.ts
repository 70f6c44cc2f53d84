/// <reference lib="dom" />
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { removeTemporaryFolders } from "@org/test-kit";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../test-support/dashboard-sandbox.js";
import { launchChromium } from "../test-support/launch-chromium.js";

// The bench's own generator: 2,000 active changes, 500 archived, 1,000 specs.
const generator = pathToFileURL(
  join(import.meta.dirname, "../../../../bench/generate-repository.mjs"),
).href;

let sandbox: Sandbox;
let browser: BrowserContext;
let repo: string;

beforeAll(async () => {
  const { generateRepository } = (await import(generator)) as { generateRepository: () => string };
  repo = generateRepository();
  sandbox = await startSandbox({ repo });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  const { rmSync } = await import("node:fs");
  if (repo) rmSync(repo, { recursive: true, force: true });
  removeTemporaryFolders();
});

const YARDSTICK_PAGE = `data:text/html,<!doctype html><title>words</title><p>${"word ".repeat(2000)}</p>`;

async function firstPaint(
  path: string,
): Promise<{ paint: number; response: number; cards: number; dated: number; bytes: number }> {
  const page = await browser.newPage();
  try {
    await page.goto(path.startsWith("data:") ? path : `${sandbox.base}${path}`);
    await page.waitForFunction(
      () => performance.getEntriesByName("first-contentful-paint").length > 0,
    );
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1;
      const navigation = performance.getEntriesByType(
        "navigation",
      )[0] as PerformanceNavigationTiming;
      return {
        paint: Math.round(paint),
        response: Math.round(navigation.responseEnd),
        cards: document.querySelectorAll("[data-card]").length,
        dated: document.querySelectorAll("[data-card] time").length,
        bytes: navigation.encodedBodySize,
      };
    });
  } finally {
    await page.close();
  }
}

describe("GIVEN the bench's large repository (2,000 changes, 1,000 specs)", () => {
  it("WHEN the board opens THEN it paints within a small multiple of a static page's paint and the page holds one page of cards", async () => {
    // The first visit warms Node's module cache and the SQLite file, as a person's first click would.
    await firstPaint("/s/shop");
    const board = await firstPaint("/s/shop");
    const overview = await firstPaint("/");
    // The yardstick: the same browser painting a static page of words, which takes what a
    // paint costs on this machine at this moment; measured between the board's two visits.
    const yardstick = await firstPaint(YARDSTICK_PAGE);
    const again = await firstPaint("/s/shop");
    console.log(
      `first contentful paint: source board ${board.paint} and ${again.paint} ms (response ${board.response} ms, ${board.cards} cards, ${board.bytes} bytes); all sources ${overview.paint} ms (${overview.cards} cards); a static page ${yardstick.paint} ms`,
    );
    expect(board.cards).toBeLessThanOrEqual(120);
    // Every card, the page's 60 active and 60 archived ones, carries its date in the first answer.
    expect(board.dated).toBe(board.cards);
    expect(board.cards).toBe(120);
    expect(board.bytes).toBeLessThan(500_000);
    // No wall-clock limit, which a loaded machine breaks: the board paints in about twice the
    // static page's time (188 against 108 ms at load 2), so fifteen times means the server or
    // the page does far more work than it should (all 2,000 cards, say), at any load.
    expect(Math.min(board.paint, again.paint)).toBeLessThan(15 * Math.max(yardstick.paint, 1));
    expect(overview.paint).toBeLessThan(15 * Math.max(yardstick.paint, 1));
  });
});
