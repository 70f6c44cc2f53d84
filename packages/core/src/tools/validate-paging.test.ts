import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

const PROPOSAL = "## Why\nInvoices need a due date.\n\n## What Changes\n- Add due dates.\n";
/** A delta whose requirement has no scenario: `openspec validate --strict` fails on it. */
const BROKEN_DELTA =
  "## ADDED Requirements\n\n### Requirement: Due dates\nInvoices have a due date.\n";

/** A repository of `count` changes that all fail validation. */
function failingRepository(count: number): string {
  const files: Record<string, string> = {};
  for (let i = 1; i <= count; i += 1) {
    const name = `broken-${String(i).padStart(2, "0")}`;
    files[`openspec/changes/${name}/proposal.md`] = PROPOSAL;
    files[`openspec/changes/${name}/specs/billing/spec.md`] = BROKEN_DELTA;
  }
  return makeOpenSpecRepository(files);
}

type Failed = {
  ok: false;
  code: string;
  error: string;
  stdout: { items: { id: string }[]; summary: { totals: { items: number; failed: number } } };
  invalid: { id: string }[];
  page: { offset: number; limit: number; total: number; next_offset: number | null };
};

describe("openspec_validate: a large report a page at a time", () => {
  it("GIVEN 23 changes that all fail WHEN everything is validated without paging arguments THEN the first 10 items and invalid items come with a page, and together the pages hold every invalid item exactly once", async () => {
    const { catalog } = makeCatalog();
    const workdir = failingRepository(23);

    const first = (await catalog.call("openspec_validate", { workdir })) as Failed;
    expect(first).toMatchObject({
      ok: false,
      code: "validation_failed",
      page: { offset: 0, limit: 10, total: 23, next_offset: 10 },
      stdout: { summary: { totals: { items: 23, failed: 23 } } },
    });
    // The error counts every invalid item, not only this page's.
    expect(first.error).toMatch(
      /^23 of 23 items are invalid: change broken-01, .*, and 18 more\.$/,
    );
    expect(first.stdout.items).toHaveLength(10);
    expect(first.invalid).toHaveLength(10);

    const seen = first.invalid.map((item) => item.id);
    let next = first.page.next_offset;
    while (next !== null) {
      const page = (await catalog.call("openspec_validate", { workdir, offset: next })) as Failed;
      seen.push(...page.invalid.map((item) => item.id));
      next = page.page.next_offset;
    }
    expect(seen).toEqual(
      Array.from({ length: 23 }, (_, i) => `broken-${String(i + 1).padStart(2, "0")}`),
    );
  }, 120_000);

  it("GIVEN 12 failing changes WHEN they are validated with detail summary THEN the counts and the error stay, and no item or issue is listed", async () => {
    const { catalog } = makeCatalog();
    const workdir = failingRepository(12);
    const summary = (await catalog.call("openspec_validate", {
      workdir,
      detail: "summary",
    })) as Failed;
    expect(summary).toMatchObject({
      ok: false,
      code: "validation_failed",
      error: expect.stringMatching(/^12 of 12 items are invalid/),
      stdout: { items: [], summary: { totals: { items: 12, failed: 12 } } },
      invalid: [],
      page: { offset: 0, total: 12, next_offset: 0 },
    });
  }, 120_000);

  it("GIVEN a valid repository WHEN it is validated with limit 1000 THEN every item is on the one page", async () => {
    const { catalog } = makeCatalog();
    const workdir = makeOpenSpecRepository({});
    const result = await catalog.call("openspec_validate", { workdir, limit: 1000 });
    expect(result).toMatchObject({ ok: true });
    expect((result as { page?: { next_offset: number | null } }).page?.next_offset ?? null).toBe(
      null,
    );
  }, 120_000);
});
