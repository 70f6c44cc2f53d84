import { rmSync } from "node:fs";
import { type Catalog, createCatalog } from "@org/openspec-core";
import {
  isolatedEnvironment,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  temporaryFoldersInMemory,
} from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addLargeArtifacts,
  BROKEN_CHANGES,
  largeAnswerCalls,
} from "../../../bench/context-tokens.mjs";
import { generateRepository, LARGE_REPOSITORY } from "../../../bench/generate-repository.mjs";
import { measureAnswers } from "./measure-answers.js";

/** The target for the default answer of a large-output tool (o200k tokens). */
const ANSWER_CAP = 2000;
/** The generated 2,000 changes, the large change, the one creating a spec, and the failing ones. */
const ACTIVE_CHANGES = 2000 + 3 + BROKEN_CHANGES;

let catalog: Catalog;
let repository: string;
let leaveMemory: () => void = () => {};

beforeAll(async () => {
  // 2,500 changes and their files: made, read and removed in memory where the machine can, a
  // second of kernel time less than on disk; what the catalog and the CLI read is the same.
  leaveMemory = temporaryFoldersInMemory();
  repository = generateRepository(LARGE_REPOSITORY);
  // The bench's large change and spec, and its failing changes, as context-tokens measures them.
  addLargeArtifacts(repository);
  const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  catalog = createCatalog({ env });
  const added = await catalog.call("openspec_source_add", { path: repository, name: "big" });
  expect(added.ok).toBe(true);
}, 120_000);
afterAll(() => {
  catalog?.close();
  if (repository) rmSync(repository, { recursive: true, force: true });
  removeTemporaryFolders();
  leaveMemory();
});

type Overview = {
  changes: { name: string; token: string }[];
  totals: { changes: number; archived_changes: number; specs: number };
  page: { next_offset: number | null };
  truncated: boolean;
  note?: string;
};

describe("lean answers on the 2,000-change repository", () => {
  it("GIVEN the 2,000-change repository WHEN bare context is asked THEN the answer is within the cap, says it is cut and how to go on, and together the pages hold every change exactly once", async () => {
    const [bare, summary] = await measureAnswers(catalog, [
      { label: "bare", tool: "openspec_context", args: { identifier: "big" } },
      {
        label: "summary",
        tool: "openspec_context",
        args: { identifier: "big", detail: "summary" },
      },
    ]);
    expect(bare?.ok).toBe(true);
    expect(bare?.text.tokens).toBeLessThanOrEqual(ANSWER_CAP);
    expect(summary?.text.tokens).toBeLessThan(bare?.text.tokens ?? 0);

    const first = (await catalog.call("openspec_context", {
      identifier: "big",
    })) as unknown as Overview;
    expect(first.totals).toMatchObject({ changes: ACTIVE_CHANGES, archived_changes: 500 });
    expect(first.changes.length).toBeGreaterThan(0);
    expect(first.changes.every((change) => change.token.startsWith("os_"))).toBe(true);
    expect(first.truncated).toBe(true);
    expect(first.note).toContain(`offset: ${first.page.next_offset}`);

    // The rest in pages of 1,000 from the offset the note names: the same offset arithmetic as
    // 20-entry pages, with three calls where the default size needs a hundred, each reading
    // every change folder again.
    const seen: string[] = first.changes.map((change) => change.name);
    let next = first.page.next_offset;
    while (next !== null) {
      const page = (await catalog.call("openspec_context", {
        identifier: "big",
        offset: next,
        limit: 1000,
      })) as unknown as Overview;
      seen.push(...page.changes.map((change) => change.name));
      next = page.page.next_offset;
      if (next === null) expect(page.truncated).toBe(false);
    }
    expect(seen).toHaveLength(ACTIVE_CHANGES);
    expect(new Set(seen).size).toBe(ACTIVE_CHANGES);
  }, 300_000);

  it("GIVEN the 2,000-change repository WHEN context is asked with detail summary THEN it holds every count and no entries, and says where the entries start", async () => {
    const summary = (await catalog.call("openspec_context", {
      identifier: "big",
      detail: "summary",
    })) as unknown as Overview;
    expect(summary.totals).toMatchObject({ changes: ACTIVE_CHANGES, archived_changes: 500 });
    expect(summary.changes).toEqual([]);
    expect(summary.truncated).toBe(true);
    expect(summary.page.next_offset).toBe(0);
  });

  it("GIVEN the 2,000-change repository with failing changes WHEN everything is validated THEN the first page is within the cap, and the pages name each invalid change exactly once", async () => {
    const [validated] = await measureAnswers(catalog, [
      { label: "validate", tool: "openspec_validate", args: { source: "big" } },
    ]);
    expect(validated?.ok).toBe(false);
    expect(validated?.text.tokens).toBeLessThanOrEqual(ANSWER_CAP);

    type Failed = { invalid: { id: string }[]; page: { next_offset: number | null } };
    const invalid: string[] = [];
    let next: number | null = 0;
    while (next !== null) {
      // Every page after the first is the same run's report, answered from its cache.
      const page = (await catalog.call("openspec_validate", {
        source: "big",
        offset: next,
        limit: 1000,
      })) as unknown as Failed;
      invalid.push(...page.invalid.map((item) => item.id));
      next = page.page.next_offset;
    }
    expect(invalid).toHaveLength(BROKEN_CHANGES + 1);
    expect(new Set(invalid).size).toBe(BROKEN_CHANGES + 1);
  }, 600_000);

  it("GIVEN a change that creates a 40-requirement spec WHEN it is diffed THEN the default answer is within the cap, while the whole diff is not", async () => {
    const [capped, whole] = await measureAnswers(
      catalog,
      largeAnswerCalls(2000).filter((call) => call.tool === "openspec_spec_diff"),
    );
    expect(capped?.ok).toBe(true);
    expect(capped?.text.tokens).toBeLessThanOrEqual(ANSWER_CAP);
    expect(whole?.text.tokens).toBeGreaterThan(ANSWER_CAP);
  });

  it("GIVEN every large answer context-tokens measures WHEN each tool is called with its defaults THEN each answer is within the cap: bare context, the list's first page, a large change and a large spec, the diff, one failed validation and the failed validation of everything", async () => {
    // "detail: full" asks for everything on purpose; every other call is a tool's default.
    const defaults = largeAnswerCalls(2000).filter((call) => call.args.detail !== "full");
    const answers = await measureAnswers(catalog, defaults);
    const over = answers.flatMap((answer, i) =>
      answer.text.tokens > ANSWER_CAP ? [`${defaults[i]?.label}: ${answer.text.tokens}`] : [],
    );
    expect(answers).toHaveLength(defaults.length);
    expect(over).toEqual([]);
  }, 600_000);
});
