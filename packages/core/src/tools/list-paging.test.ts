import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

describe("openspec_list: a large repository a page at a time", () => {
  it("GIVEN 60 active changes WHEN they are listed without paging arguments THEN stdout holds 40 and page says where the other 20 start, and the two pages are every change once", async () => {
    const { catalog } = makeCatalog();
    const files: Record<string, string> = {};
    for (let i = 1; i <= 60; i += 1) {
      files[`openspec/changes/change-${String(i).padStart(2, "0")}/proposal.md`] =
        `# Change ${i}\n\n## Why\nStep ${i} of a long plan needs its own change to be reviewed alone.\n\n## What Changes\n- Step ${i}.\n`;
    }
    const workdir = makeOpenSpecRepository(files);
    const names = (result: unknown) =>
      (result as { stdout: { changes: { name: string }[] } }).stdout.changes.map((c) => c.name);

    const first = await catalog.call("openspec_list", { workdir, sort: "name" });
    expect(first).toMatchObject({
      ok: true,
      page: { offset: 0, limit: 40, total: 60, next_offset: 40 },
    });
    const rest = await catalog.call("openspec_list", { workdir, sort: "name", offset: 40 });
    expect(rest).toMatchObject({ ok: true, page: { offset: 40, total: 60, next_offset: null } });
    expect([...names(first), ...names(rest)].sort()).toEqual(
      Object.keys(files)
        .map((f) => f.split("/")[2])
        .sort(),
    );
    expect(names(first)).toHaveLength(40);
  });
});
