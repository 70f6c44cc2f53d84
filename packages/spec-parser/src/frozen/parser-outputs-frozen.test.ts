import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { fissionOpenSpecFixture } from "@org/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { edgeMarkdown } from "../test-support/edge-markdown.js";
import {
  ENTRY_POINT_NAMES,
  entryPointOutput,
  outputDigests,
} from "../test-support/parser-outputs.js";
import { trickyMarkdown } from "../test-support/tricky-markdown.js";

// The parser's speed work replaced regexes and copies with scans and
// slices; this holds every entry point's whole output (steps, descriptions,
// names, lines and diagnostics, not only the CLI's fields) to what the
// parser gave before, on every real document in the fixtures and on seeded
// generated edge cases. A digest of each entry point's output per document
// was recorded from the parser before that work (the outputs themselves are
// about 3 MB); a failure names the first document and entry point whose
// output changed and shows that output now. An intended change of output
// re-records them with FREEZE_PARSER_OUTPUTS=1 and says why in its commit.
const RECORD = fileURLToPath(new URL("./parser-outputs.json", import.meta.url));
const CORPUS = fileURLToPath(new URL("../test-support/corpus/", import.meta.url));
const SAMPLES = { tricky: 600, edge: 900 };

type Record = {
  entryPoints: string[];
  files: { [path: string]: string };
  tricky: string[];
  edge: string[];
};

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
    entryPoints: ENTRY_POINT_NAMES,
    files: Object.fromEntries(files.map(([path, markdown]) => [path, outputDigests(markdown)])),
    tricky: tricky.map(outputDigests),
    edge: edge.map(outputDigests),
  };
}

/**
 * The first document whose recorded digests differ from now, described so the failure says what
 * changed: the document, the entry point, the document's start and that entry point's output now.
 */
function firstDifference(
  documents: [string, string][],
  recorded: { [where: string]: string | undefined },
  now: { [where: string]: string },
): string | undefined {
  for (const [where, markdown] of documents) {
    const before = recorded[where];
    if (before === undefined)
      return `${where}: no recorded output (re-record with FREEZE_PARSER_OUTPUTS=1)`;
    const previous = before.split("-");
    const index = now[where]!.split("-").findIndex(
      (digest, position) => digest !== previous[position],
    );
    if (index === -1) continue;
    const entryPoint = ENTRY_POINT_NAMES[index]!;
    return [
      `${where}: the output of ${entryPoint} changed.`,
      `document starts: ${JSON.stringify(markdown.slice(0, 300))}`,
      `${entryPoint} now gives: ${entryPointOutput(entryPoint, markdown).slice(0, 2000)}`,
    ].join("\n");
  }
  return undefined;
}

const samplesOf = (label: string, markdowns: string[]): [string, string][] =>
  markdowns.map((markdown, index) => [`${label} sample ${index}`, markdown]);
const byPlace = (label: string, digests: string[]) =>
  Object.fromEntries(digests.map((entry, index) => [`${label} sample ${index}`, entry]));

if (process.env.FREEZE_PARSER_OUTPUTS === "1") {
  writeFileSync(RECORD, `${JSON.stringify(current(), null, 2)}\n`);
}

describe("parser outputs held to the recorded ones", () => {
  const recorded = JSON.parse(readFileSync(RECORD, "utf8")) as Record;
  const now = current();

  it("GIVEN every Markdown file of the vendored OpenSpec project and the corpus WHEN parsed by every entry point THEN each output equals the recorded one", () => {
    expect(existsSync(join(fissionOpenSpecFixture, "openspec", "specs"))).toBe(true);
    expect(files.length).toBeGreaterThan(100);
    expect(recorded.entryPoints).toEqual(ENTRY_POINT_NAMES);
    expect(firstDifference(files, recorded.files, now.files)).toBeUndefined();
    expect(Object.keys(now.files)).toEqual(Object.keys(recorded.files));
  });

  it("GIVEN seeded generated tricky and edge-case documents (fences, CRLF, CR, tabs, setext, HTML, nested lists, step spellings, Unicode) WHEN parsed THEN each output equals the recorded one", () => {
    expect(now.tricky).toHaveLength(SAMPLES.tricky);
    expect(recorded.tricky).toHaveLength(SAMPLES.tricky);
    expect(recorded.edge).toHaveLength(SAMPLES.edge);
    expect(
      firstDifference(
        samplesOf("tricky", tricky),
        byPlace("tricky", recorded.tricky),
        byPlace("tricky", now.tricky),
      ),
    ).toBeUndefined();
    expect(
      firstDifference(
        samplesOf("edge", edge),
        byPlace("edge", recorded.edge),
        byPlace("edge", now.edge),
      ),
    ).toBeUndefined();
  });
});
