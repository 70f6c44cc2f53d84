import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "./test-support/dashboard-sandbox.js";

const FILES: Record<string, string> = {
  "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
  "openspec/ideas/faster-search.md":
    "# Faster search\n\n## Source\n- Origin: human\n- Created: 2026-01-02T03:04:05Z\n- Tags: search\n\n## Prompt\nIndex the **catalog**.\n",
  "openspec/ideas/shared-carts.md":
    "# Shared <script>alert(1)</script> carts\n\n## Prompt\nLet two people fill one cart.\n\n<!-- OPENSPEC_IDEA_PROMOTION_START -->\n## Promoted\n\n- Change: `add-cart` (openspec/changes/add-cart/)\n<!-- OPENSPEC_IDEA_PROMOTION_END -->\n",
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ files: FILES });
});
afterAll(async () => {
  await sandbox?.close();
  removeTemporaryFolders();
});

const page = async (path: string) => (await fetch(`${sandbox.base}${path}`)).text();
const column = (html: string, id: string) =>
  new RegExp(`data-column="${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";

describe("GIVEN a repository with two ideas, one promoted to a change", () => {
  it("WHEN the board is opened THEN an Ideas column comes before Proposed, each idea card links to its page and says what it became", async () => {
    const board = await page("/s/shop");
    expect(board.indexOf('data-column="idea"')).toBeGreaterThan(-1);
    expect(board.indexOf('data-column="idea"')).toBeLessThan(
      board.indexOf('data-column="proposed"'),
    );
    const ideas = column(board, "idea");
    expect(ideas).toContain('<span class="badge">2</span>');
    expect(ideas).toContain('href="/s/shop/ideas/faster-search"');
    expect(ideas).toContain("Faster search");
    expect(ideas).toContain("promoted to add-cart");
    expect(ideas).not.toContain("<script>alert(1)</script>");
    expect(column(board, "proposed")).toContain("add-cart");
  });

  it("WHEN an idea's page is opened THEN its file is rendered and the promoted change is linked", async () => {
    const idea = await page("/s/shop/ideas/faster-search");
    expect(idea).toContain("<strong>catalog</strong>");
    expect(idea).toContain("origin human");
    const promoted = await page("/s/shop/ideas/shared-carts");
    expect(promoted).toContain('promoted to <a href="/s/shop/changes/add-cart">add-cart</a>');
    expect(promoted).not.toContain("<script>alert(1)</script>");
  });

  it("WHEN an idea that is not there is opened THEN the page says so", async () => {
    const response = await fetch(`${sandbox.base}/s/shop/ideas/nope`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("nope");
  });
});
