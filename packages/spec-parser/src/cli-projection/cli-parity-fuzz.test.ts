import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parseDeltaSpec } from "../delta/parse-delta-spec.js";
import { parseSpec } from "../spec/parse-spec.js";
import { parseTasks } from "../tasks/parse-tasks.js";
import { type CliParsers, loadCliParsers } from "../test-support/cli-parsers.js";
import { trickyMarkdown } from "../test-support/tricky-markdown.js";
import { toCliChangeDeltas } from "./to-cli-change-deltas.js";
import { toCliChangeJson } from "./to-cli-change-json.js";
import { toCliSpecJson } from "./to-cli-spec-json.js";

// Generated documents held against the installed CLI's own parser modules,
// in-process; the corpus suite checks the same projections end to end.
const RUNS = 2500;
let cli: CliParsers;

beforeAll(async () => {
  cli = await loadCliParsers();
});

describe("parity with the CLI's parsers on generated tricky Markdown", () => {
  it("GIVEN any generated document WHEN read as a main spec THEN parseSpec fails exactly when the CLI does and otherwise projects to its JSON", () => {
    fc.assert(
      fc.property(trickyMarkdown, (markdown) => {
        const parsed = parseSpec(markdown);
        const shown = cli.showSpec("area/cap", markdown);
        expect(parsed.ok).toBe(shown.ok);
        if (parsed.ok && shown.ok)
          expect(toCliSpecJson("area/cap", parsed.value)).toEqual(shown.json);
      }),
      { numRuns: RUNS },
    );
  });

  it("GIVEN any generated document WHEN read as a delta spec THEN parseDeltaSpec succeeds exactly when the CLI sees a delta section and projects to the CLI's deltas", () => {
    fc.assert(
      fc.property(trickyMarkdown, (markdown) => {
        const parsed = parseDeltaSpec(markdown);
        const read = cli.specDeltas("area/cap", markdown);
        expect(parsed.ok).toBe(read.hasDeltaSections);
        expect(parsed.ok ? toCliChangeDeltas("area/cap", parsed.value) : []).toEqual(read.deltas);
      }),
      { numRuns: RUNS },
    );
  });

  it("GIVEN any generated document WHEN read as a proposal without delta specs THEN toCliChangeJson fails, or titles it and falls back to prose deltas, as the CLI does", async () => {
    await fc.assert(
      fc.asyncProperty(trickyMarkdown, async (markdown) => {
        const projected = toCliChangeJson({
          id: "change",
          proposal: markdown,
          deltaSpecs: [],
        });
        const read = await cli.proposalDeltas(markdown);
        expect(projected.ok).toBe(read.ok);
        if (projected.ok && read.ok) {
          expect(projected.value.deltas).toEqual(read.deltas);
          expect(projected.value.title).toBe(cli.changeTitle(markdown, "change"));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("GIVEN any generated document WHEN read as tasks.md THEN parseTasks counts what the CLI counts", () => {
    fc.assert(
      fc.property(trickyMarkdown, (markdown) => {
        const tasks = parseTasks(markdown);
        expect({ total: tasks.total, completed: tasks.completed }).toEqual(
          cli.taskCounts(markdown),
        );
      }),
      { numRuns: RUNS },
    );
  });
});
