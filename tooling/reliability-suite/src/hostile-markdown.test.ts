import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";

// Proposals whose markdown froze the dashboard. remark's parser is
// super-linear on runs of emphasis markers (16 KB of `*_` took 23 s under load,
// 40 KB 230 s, every other page waiting behind it) and recurses once per level
// of quotes (20 KB of `>` threw "Maximum call stack size exceeded").
const HOSTILE: Record<string, string> = {
  "emphasis-16k": "*_".repeat(8 * 1024),
  "emphasis-40k": "*_".repeat(20 * 1024),
  "link-openers": "[a](".repeat(4000),
  "deep-quotes": `${">".repeat(20 * 1024)} deep`,
};
// Proposals under every check that still take remark its whole time limit (2 s)
// each: three of them held the one renderer, and a one-line page behind them
// took 7 s.
const SLOW = Array.from({ length: 240 }, () => "*_".repeat(250)).join("\n\n");
const SLOW_PAGES = ["slow-1", "slow-2", "slow-3"];
const CALM = "# Calm\n\n## Why\n\nPeople *buy* things, see [the shop](https://example.com).\n";
const DASHBOARD_BIN = join(
  import.meta.dirname,
  "../../../apps/dashboard/bin/openspec-dashboard.js",
);

let server: ChildProcess;
let base: string;
const exits: string[] = [];

beforeAll(async () => {
  const files: Record<string, string> = {
    "openspec/changes/calm/proposal.md": CALM,
    "openspec/changes/calm-too/proposal.md": CALM,
    "openspec/changes/one-line/proposal.md": "# One line\n",
  };
  for (const name of SLOW_PAGES) {
    files[`openspec/changes/${name}/proposal.md`] = `# ${name}\n\n## Why\n\n${SLOW}\n`;
  }
  for (const [name, text] of Object.entries(HOSTILE)) {
    files[`openspec/changes/${name}/proposal.md`] = `# Hostile\n\n## Why\n\n${text}\n`;
  }
  const repo = makeOpenSpecRepository(files, "shop");
  const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  // A process of its own: a blocked event loop there cannot stall the suite.
  server = spawn(process.execPath, [DASHBOARD_BIN, "--port", "0"], {
    cwd: repo,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.on("exit", (code, signal) => exits.push(`${code ?? signal}`));
  base = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const url = /OpenSpec dashboard: (http:\/\/[^/\s]+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    server.on("exit", () => reject(new Error(`the dashboard exited before listening: ${out}`)));
  });
});
afterAll(() => {
  server?.kill("SIGTERM");
  removeTemporaryFolders();
});

async function timedGet(path: string): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`);
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

describe("a repository whose proposals hold markdown that froze the dashboard", () => {
  it("GIVEN each hostile proposal WHEN its change page is asked for, with the health check and the sources page beside it THEN the page answers with the text shown plain and a notice (the old renderer took 23 s and showed none), and the server answers the others and stays up; how long each took against a calm page is a recorded figure, not a bound", async () => {
    const withOthers = (path: string) =>
      Promise.all([timedGet(path), timedGet("/healthz"), timedGet("/sources")]);
    // The yardstick: a calm change's first page beside the same requests, after another one warmed the server up.
    await withOthers("/s/shop/changes/calm");
    const [calm] = await withOthers("/s/shop/changes/calm-too");
    expect(calm.status).toBe(200);
    expect(calm.text).toContain("<em>buy</em>");

    for (const name of Object.keys(HOSTILE)) {
      const [hostile, health, sources] = await withOthers(`/s/shop/changes/${name}`);
      recordFigure(
        `hostile Markdown: ${name}`,
        `page ${Math.round(hostile.ms)} ms, calm page ${Math.round(calm.ms)} ms`,
      );
      expect(hostile.status, name).toBe(200);
      expect(hostile.text, name).toMatch(/data-plain-markdown>Shown as plain text: [^<]+\./);
      expect(hostile.text, name).toContain('<pre class="plain-markdown"># Hostile');
      expect(health.status).toBe(200);
      expect(sources.status).toBe(200);
    }
    // A live update re-fetches the page: it answers the same, from the cache.
    const again = await timedGet("/s/shop/changes/emphasis-40k");
    expect(again.text).toContain("Shown as plain text");
    expect((await timedGet("/healthz")).status).toBe(200);
    expect(exits).toEqual([]);
  });

  it("GIVEN three change pages whose proposals are slow to render, under every check WHEN a one-line change page is asked for after them THEN it is answered before the last of them: no page holds rendering for the others", async () => {
    const answered: string[] = [];
    const started = performance.now();
    const get = (name: string) =>
      timedGet(`/s/shop/changes/${name}`).then((page) => {
        answered.push(name);
        return page;
      });
    const slow = SLOW_PAGES.map(get);
    const oneLine = await get("one-line");
    const oneLineMs = Math.round(performance.now() - started);
    const slowPages = await Promise.all(slow);

    recordFigure(
      "hostile Markdown: slow pages",
      `one-line page ${oneLineMs} ms after three slow ones were asked for; answers in order ${answered.join(", ")}; slow pages ${slowPages.map((page) => Math.round(page.ms)).join(", ")} ms`,
    );
    expect(oneLine.status).toBe(200);
    expect(oneLine.text).toContain("<h1>One line</h1>");
    expect(slowPages.map((page) => page.status)).toEqual([200, 200, 200]);
    expect(answered.indexOf("one-line"), answered.join(", ")).toBeLessThan(answered.length - 1);
    expect(exits).toEqual([]);
  });
});
