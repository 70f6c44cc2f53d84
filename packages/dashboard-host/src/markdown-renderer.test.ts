import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultRenderWorkers, MarkdownRenderer } from "./markdown-renderer.js";

const renderers: MarkdownRenderer[] = [];
afterEach(() => {
  for (const renderer of renderers.splice(0)) renderer.close();
});
const renderer = (options: { timeLimitMs?: number; workers?: number } = {}) => {
  const made = new MarkdownRenderer(options);
  renderers.push(made);
  return made;
};

/** The shapes that froze the server: runs of emphasis markers, link openers, deep quotes. */
const HOSTILE_MARKDOWN: Record<string, string> = {
  "16 KB of *_": "*_".repeat(8 * 1024),
  "40 KB of *_": "*_".repeat(20 * 1024),
  "[a]( repeated 4,000 times": "[a](".repeat(4000),
  "20 KB of > nesting": `${">".repeat(20 * 1024)} deep\n`,
};

/**
 * Renders one short text per worker at once, so every worker starts, then
 * waits until each has loaded the renderer: what a test then sees is the
 * order the renderer serves texts in, not the order threads happened to
 * start. Fails naming what it waited for.
 */
async function warmUp(markdown: MarkdownRenderer, workers: number): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, (_, index) => markdown.render(`# Warm ${index}\n`)),
  );
  const deadline = Date.now() + 60_000;
  while (markdown.stats().ready < workers) {
    if (Date.now() > deadline)
      throw new Error(`gave up waiting for ${workers} render workers to load the renderer`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A proposal under every risk check that still takes remark most of a second: 100 paragraphs of 250 `*_`. */
const slowProposal = (name: string) =>
  `# ${name}\n\n${Array.from({ length: 100 }, () => "*_".repeat(250)).join("\n\n")}\n`;

// A real spec of this project, repeated: plain markdown, slow only by its size.
const SPEC = readFileSync(
  join(import.meta.dirname, "../../../openspec/specs/dashboard/spec.md"),
  "utf8",
);

describe("markdown from a repository on a dashboard page", () => {
  it("GIVEN a proposal with headings, emphasis and code THEN it is rendered to HTML", async () => {
    const html = await renderer().render("# Add cart\n\nPeople *buy* `things`.\n");
    expect(html.value).toBe("<h1>Add cart</h1>\n<p>People <em>buy</em> <code>things</code>.</p>");
  });

  for (const [name, text] of Object.entries(HOSTILE_MARKDOWN)) {
    it(`GIVEN ${name} THEN it is shown as plain text with a notice saying why`, async () => {
      const html = await renderer().render(text);
      expect(html.value).toMatch(
        /^<div class="notice warning" data-plain-markdown>Shown as plain text: /,
      );
      expect(html.value).toContain(
        `<pre class="plain-markdown">${text.slice(0, 64).replace(/>/g, "&gt;")}`,
      );
    });
  }

  it("GIVEN a text that takes longer than the time limit THEN its worker is stopped, the text is shown plain, and the next text renders in a new worker", async () => {
    const long = Array.from({ length: 12 }, (_, index) => `${SPEC}\n\nCopy ${index}.\n`).join("");
    // The yardstick: how long this text takes to render here, now, in a worker that has already
    // started and rendered it once (the time limit counts from when a ready worker gets the text,
    // so a worker's start, which load can stretch many times over, must not enter the yardstick).
    // The shorter of two renders, each of a text of its own (a text already rendered is answered
    // from memory): a moment of load must not lengthen it either.
    // Its own renderer has all the time it needs: a loaded machine must not cut the yardstick.
    const yardstick = renderer({ timeLimitMs: 10 * 60_000, workers: 1 });
    expect((await yardstick.render(long)).value).toContain("<h2>");
    let took = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 2; run++) {
      const started = performance.now();
      expect((await yardstick.render(`${long}\nRun ${run}.\n`)).value).toContain("<h2>");
      took = Math.min(took, performance.now() - started);
    }
    // A tenth of that: an order of magnitude below what rendering this text takes, and the worker
    // that gets it is a new one, which renders slower than the yardstick's warm one.
    const hurried = renderer({ timeLimitMs: Math.max(1, Math.floor(took / 10)) });
    const cut = await hurried.render(`${long}\nOnce more.\n`);
    expect(cut.value).toMatch(/Shown as plain text: it took longer than [\d.]+ s to render/);
    // A short text is thousands of times cheaper than the cut one; a machine that stalls the new
    // worker past the limit once gets another worker for the next text.
    let answer = "";
    for (let attempt = 1; attempt <= 5 && !answer.startsWith("<h1>"); attempt++) {
      answer = (await hurried.render(`# Still here ${attempt}\n`)).value;
    }
    expect(answer).toMatch(/^<h1>Still here \d<\/h1>$/);
  });

  it("GIVEN three pages whose proposals are slow to render WHEN a one-line page asks THEN it is answered before any of them", async () => {
    const workers = defaultRenderWorkers();
    // Their own time: no slow text is cut, so each holds a worker until it is rendered.
    const markdown = renderer({ timeLimitMs: 10 * 60_000 });
    await warmUp(markdown, workers);
    const answered: string[] = [];
    const page = (name: string, text: string) =>
      markdown.renderAll([text]).then((lookup) => {
        expect(lookup(text).value).toContain("<h1>");
        answered.push(name);
      });

    const slow = ["slow 1", "slow 2", "slow 3"].map((name) => page(name, slowProposal(name)));
    await page("one line", "# One line\n");

    expect(answered).toEqual(["one line"]);
    expect(markdown.stats().rendering).toBe(Math.min(3, workers - 1));
    await Promise.all(slow);
    expect(answered.slice(1).sort()).toEqual(["slow 1", "slow 2", "slow 3"]);
  });

  it("GIVEN a page of six texts waiting WHEN another page asks for one THEN the pages take turns: the other page is answered before the first page's last text", async () => {
    // One worker: the order of answers is the order of turns, whatever the threads' scheduling.
    const markdown = renderer({ workers: 1 });
    await warmUp(markdown, 1);
    const answered: string[] = [];
    const many = Array.from({ length: 6 }, (_, index) => `# Part ${index}\n`);
    const first = markdown.renderAll(many).then(() => answered.push("page of six"));
    const other = markdown.renderAll(["# Other page\n"]).then(() => answered.push("other page"));

    await Promise.all([first, other]);
    expect(answered).toEqual(["other page", "page of six"]);
  });

  it("GIVEN the same text twice, as a live update re-fetches a page THEN the second answer is the first one, not rendered again", async () => {
    const markdown = renderer();
    const first = await markdown.render("# Cached\n");
    expect(await markdown.render("# Cached\n")).toBe(first);
    const hostile = HOSTILE_MARKDOWN["16 KB of *_"] as string;
    const plain = await markdown.render(hostile);
    expect(await markdown.render(hostile)).toBe(plain);
  });

  it("GIVEN the texts of one page THEN renderAll answers for each of them", async () => {
    const lookup = await renderer().renderAll(["# One\n", "# Two\n", "# One\n"]);
    expect(lookup("# One\n").value).toBe("<h1>One</h1>");
    expect(lookup("# Two\n").value).toBe("<h1>Two</h1>");
  });
});
