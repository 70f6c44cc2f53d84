import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import * as specParser from "@org/openspec-spec-parser";
import { parseSpec, toCliSpecJson } from "@org/openspec-spec-parser";
import { describe, expect, it } from "vitest";
import { benchContext } from "../../../bench/context.mjs";
import { generateRepository, specMarkdown } from "../../../bench/generate-repository.mjs";
import { loadCliSpecParser } from "../../../bench/load-cli-spec-parser.mjs";
import { benchPathologicalLines } from "../../../bench/pathological-lines.mjs";
import { benchSpecParser } from "../../../bench/spec-parser.mjs";
import { forgetCaches } from "./cache/bounded-cache.js";
import { resolveContext } from "./resolve-context.js";

// A smoke run of the context-speed, context-size, spec-parser-speed and
// pathological-lines benchmarks (`pnpm bench`): one iteration on a small
// repository, to show they run and measure what they claim. No timing is
// asserted.

/** The ids of the context benchmark's figures with two sources registered: six speeds, then the size. */
const CONTEXT_FIGURE_IDS = [...Array.from({ length: 6 }, () => "context-speed"), "context-size"];

describe("the context, spec-parser and pathological-lines benchmarks, smoke run", () => {
  it("GIVEN a small generated repository WHEN context-speed runs once THEN every figure is a positive ratio and the bare answer agrees with the scan", async () => {
    const root = generateRepository({ changes: 12, archived: 3, specs: 6, requirements: 4 });
    const other = generateRepository({ changes: 2, archived: 1, specs: 1, requirements: 1 });
    const sources = [
      { name: "shop", path: root },
      { name: "other", path: other },
    ];
    try {
      const results = await benchContext({
        iterations: 1,
        root,
        source: "shop",
        context: (identifier: string) =>
          resolveContext(
            identifier,
            (name) => {
              const known = sources.find((source) => source.name === name);
              return known
                ? { ok: true, ...known }
                : { ok: false, code: "source_not_found", error: `No source ${name}.` };
            },
            {},
            { everySource: () => sources },
          ),
        forgetCaches,
        registeredSources: 2,
      });

      expect(results.map((result) => result.id)).toEqual(CONTEXT_FIGURE_IDS);
      expect(results[5]?.title).toContain("spec token alone, 2 sources");
      for (const result of results.slice(0, 6)) {
        expect(Number.isFinite(result.value) && result.value > 0).toBe(true);
      }
      expect(results[6]).toMatchObject({
        unit: "bytes",
        details: {
          totals: { changes: 12, archived_changes: 3, specs: 6 },
          totalsAgreeWithScan: true,
        },
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("GIVEN the package's own context script (pnpm bench runs it) WHEN it runs with --smoke THEN it prints the context-speed and context-size figures as JSON", () => {
    const script = new URL("../bench/context.mjs", import.meta.url).pathname;
    const output = execFileSync(process.execPath, [script, "--smoke"], { encoding: "utf8" });
    const { results } = JSON.parse(output) as { results: { id: string; value: number }[] };
    expect(results.map((result) => result.id)).toEqual(CONTEXT_FIGURE_IDS);
    for (const result of results)
      expect(Number.isFinite(result.value) && result.value > 0).toBe(true);
  });

  it("GIVEN generated specs WHEN spec-parser-speed runs once THEN both parsers give equal results and the ratio is positive", async () => {
    const openspecRoot = dirname(
      dirname(createRequire(import.meta.url).resolve("@fission-ai/openspec")),
    );
    const specs = ["auth", "billing", "search"].map((id) => ({ id, content: specMarkdown(id, 4) }));

    const result = await benchSpecParser({
      iterations: 1,
      specs,
      ours: (id: string, content: string) => {
        const parsed = parseSpec(content);
        return parsed.ok ? toCliSpecJson(id, parsed.value) : parsed.diagnostics;
      },
      theirs: await loadCliSpecParser(openspecRoot),
    });

    expect(result).toMatchObject({
      id: "spec-parser-speed",
      details: { specs: 3, equalResults: true },
    });
    expect(Number.isFinite(result.value) && result.value > 0).toBe(true);
  });

  it("GIVEN runs of 1,000 pathological characters WHEN pathological-lines runs once THEN every parser entry point reads them correctly and the ratio is positive", async () => {
    const result = await benchPathologicalLines({
      iterations: 1,
      length: 1_000,
      parser: specParser,
    });
    expect(result).toMatchObject({
      id: "pathological-lines",
      details: { runLength: 1_000, failed: [] },
    });
    expect(Number.isFinite(result.value) && result.value > 0).toBe(true);
  });
});
