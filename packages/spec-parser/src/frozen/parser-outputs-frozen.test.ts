import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { fissionOpenSpecFixture } from "@org/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { edgeMarkdown } from "../test-support/edge-markdown.js";
import { outputDigest } from "../test-support/parser-outputs.js";
import { trickyMarkdown } from "../test-support/tricky-markdown.js";

// The parser's speed work replaced regexes and copies with scans and
// slices; this holds every entry point's whole output (steps, descriptions,
// names, lines and diagnostics, not only the CLI's fields) to what the
// parser gave before, on every real document in the fixtures and on seeded
// generated edge cases. The digests were recorded from the parser before
// that work; an intended change of output re-records them with
// FREEZE_PARSER_OUTPUTS=1 and says why in its commit.
const RECORD = fileURLToPath(new URL("./parser-outputs.json", import.meta.url));
const CORPUS = fileURLToPath(new URL("../test-support/corpus/", import.meta.url));
const SAMPLES = { tricky: 600, edge: 900 };

type Record = { files: { [path: string]: string }; tricky: string[]; edge: string[] };

function markdownFiles(dir: string, label: string): [string, string][] {
  const found: [string, string][] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".md") || name.endsWith(".md.txt"))
        found.push([
          `${label}/${relative(dir, path).split(sep).join("/")}`,
          readFileSync(path, "utf8"),
        ]);
    }
  };
  walk(dir);
  return found;
}

const files = [
  ...markdownFiles(join(fissionOpenSpecFixture, "openspec"), "fission-openspec"),
  ...markdownFiles(CORPUS, "corpus"),
];
const tricky = fc.sample(trickyMarkdown, { seed: 18, numRuns: SAMPLES.tricky });
const edge = fc.sample(edgeMarkdown, { seed: 4, numRuns: SAMPLES.edge });

function current(): Record {
  return {
    files: Object.fromEntries(files.map(([path, markdown]) => [path, outputDigest(markdown)])),
    tricky: tricky.map(outputDigest),
    edge: edge.map(outputDigest),
  };
}

if (process.env.FREEZE_PARSER_OUTPUTS === "1") {
  writeFileSync(RECORD, `${JSON.stringify(current(), null, 2)}\n`);
}

describe("parser outputs held to the recorded ones", () => {
  const recorded = JSON.parse(readFileSync(RECORD, "utf8")) as Record;
  const now = current();

  it("GIVEN every Markdown file of the vendored OpenSpec project and the corpus WHEN parsed by every entry point THEN each output equals the recorded one", () => {
    expect(existsSync(join(fissionOpenSpecFixture, "openspec", "specs"))).toBe(true);
    expect(files.length).toBeGreaterThan(100);
    expect(now.files).toEqual(recorded.files);
  });

  it("GIVEN seeded generated tricky and edge-case documents (fences, CRLF, CR, tabs, setext, HTML, nested lists, step spellings, Unicode) WHEN parsed THEN each output equals the recorded one", () => {
    expect(now.tricky).toHaveLength(SAMPLES.tricky);
    expect(now.tricky).toEqual(recorded.tricky);
    expect(now.edge).toEqual(recorded.edge);
  });
});
