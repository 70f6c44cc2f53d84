import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "./test-support/dashboard-sandbox.js";

// 30 archived changes, one a day through January 2025, and two active ones.
const day = (n: number) => `2025-01-${String(n).padStart(2, "0")}`;
const FILES: Record<string, string> = {
  "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
  "openspec/changes/add-cart/tasks.md":
    "## 1. Work\n\n- [ ] 1.1 Add `cartTotal()` to the `Cart` class\n- [ ] 1.2 Keep `` a`b `` and a lone ` as they are\n",
  "openspec/changes/add-c++-build/proposal.md": "# Add a C++ build\n\n## Why\n\nSpeed.\n",
};
for (let n = 1; n <= 30; n += 1) {
  FILES[`openspec/changes/archive/${day(n)}-change-${n}/proposal.md`] = `# Change ${n}\n`;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ files: FILES, pageSize: 10 });
});
afterAll(async () => {
  await sandbox?.close();
  removeTemporaryFolders();
});

const page = async (path: string) => (await fetch(`${sandbox.base}${path}`)).text();
const archivedColumn = (html: string) =>
  /data-column="archived"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
const cardNames = (column: string) =>
  [...column.matchAll(/<span class="card-title">([^<]+)<\/span>/g)].map((match) => match[1]);

describe("GIVEN a repository with 30 archived changes and a board of 10 cards a column", () => {
  it("WHEN the source's board is opened THEN the archived column shows the newest 10 first, dated by their folders, with the true count and a link to the older ones", async () => {
    const column = archivedColumn(await page("/s/shop"));
    expect(cardNames(column)).toEqual(
      Array.from({ length: 10 }, (_, index) => `${day(30 - index)}-change-${30 - index}`),
    );
    expect(column).toContain('<span class="badge">30</span>');
    expect(column).toContain('<time datetime="2025-01-30">2025-01-30</time>');
    expect(column).toMatch(/10 of 30 shown, newest first\. <a href="\/s\/shop\?offset=10">/);
  });

  it("WHEN the older ones are followed to the last page THEN it holds the oldest archived changes, newest first, and no further link", async () => {
    const second = archivedColumn(await page("/s/shop?offset=10"));
    expect(cardNames(second)[0]).toBe(`${day(20)}-change-20`);
    const last = archivedColumn(await page("/s/shop?offset=20"));
    expect(cardNames(last)).toEqual(
      Array.from({ length: 10 }, (_, index) => `${day(10 - index)}-change-${10 - index}`),
    );
    expect(last).not.toContain("data-archived-more");
  });

  it("WHEN the board across sources is opened THEN its archived column shows the newest 25, counts all 30 and links to the rest", async () => {
    const column = archivedColumn(await page("/"));
    expect(cardNames(column)[0]).toBe(`${day(30)}-change-30`);
    expect(cardNames(column)).toHaveLength(25);
    expect(column).toContain('<span class="badge">30</span>');
    expect(column).toContain('<a href="/s/shop?offset=25">shop</a>');
  });

  it("WHEN a change page lists tasks with inline code THEN the code shows as code, without backticks", async () => {
    const html = await page("/s/shop/changes/add-cart");
    expect(html).toContain(
      '<span class="task-text">Add <code>cartTotal()</code> to the <code>Cart</code> class</span>',
    );
    expect(html).toContain(
      '<span class="task-text">Keep <code>a`b</code> and a lone ` as they are</span>',
    );
  });

  it("WHEN a change's name holds characters a URL reserves THEN its validate link carries it encoded", async () => {
    const html = await page(`/s/shop/changes/${encodeURIComponent("add-c++-build")}`);
    expect(html).toContain('href="/s/shop/validate?target=add-c%2B%2B-build&amp;run=1"');
  });
});
