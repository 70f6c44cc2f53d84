import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MarkdownRenderer } from "./markdown-renderer.js";

const renderers: MarkdownRenderer[] = [];
afterEach(() => {
  for (const renderer of renderers.splice(0)) renderer.close();
});
const renderer = (options: { timeLimitMs?: number } = {}) => {
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
    // The yardstick: how long this text takes to render here, now.
    // Its own renderer has all the time it needs: a loaded machine must not cut the yardstick.
    const started = performance.now();
    const rendered = await renderer({ timeLimitMs: 10 * 60_000 }).render(long);
    const took = performance.now() - started;
    expect(rendered.value).toContain("<h2>");
    // A tenth of that: an order of magnitude below what rendering this text takes.
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
