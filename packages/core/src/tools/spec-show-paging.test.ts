import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

/** A spec of `count` requirements, each with one scenario. */
function largeSpec(count: number): string {
  const requirements = Array.from(
    { length: count },
    (_, i) =>
      `### Requirement: Rule ${i + 1}\nThe system SHALL follow rule ${i + 1}.\n\n#### Scenario: Rule ${i + 1} holds\n- **WHEN** it applies\n- **THEN** rule ${i + 1} holds\n`,
  );
  return `# Rules Specification\n\n## Purpose\nEvery rule the system follows, one requirement each.\n\n## Requirements\n${requirements.join("\n")}`;
}

describe("openspec_spec_show: a large spec a page at a time", () => {
  it("GIVEN a spec of 25 requirements WHEN it is shown without paging arguments THEN the first 10 come with a page that says where the rest start, and the pages together are the whole spec", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const workdir = makeOpenSpecRepository({ "openspec/specs/rules/spec.md": largeSpec(25) });
    const names = (result: unknown) =>
      (result as { requirements: { name: string }[] }).requirements.map((r) => r.name);

    const first = await catalog.call("openspec_spec_show", { workdir, name: "rules" });
    expect(first).toMatchObject({
      ok: true,
      page: { offset: 0, limit: 10, total: 25, next_offset: 10 },
    });
    expect(names(first)).toEqual(Array.from({ length: 10 }, (_, i) => `Rule ${i + 1}`));

    const second = await catalog.call("openspec_spec_show", { workdir, name: "rules", offset: 10 });
    expect(second).toMatchObject({ page: { offset: 10, total: 25, next_offset: 20 } });
    const last = await catalog.call("openspec_spec_show", { workdir, name: "rules", offset: 20 });
    expect(last).toMatchObject({ page: { offset: 20, total: 25, next_offset: null } });
    expect([...names(first), ...names(second), ...names(last)]).toEqual(
      Array.from({ length: 25 }, (_, i) => `Rule ${i + 1}`),
    );

    const whole = await catalog.call("openspec_spec_show", { workdir, name: "rules", limit: 1000 });
    expect(names(whole)).toHaveLength(25);
    expect(whole).toMatchObject({ page: { offset: 0, limit: 1000, total: 25, next_offset: null } });
  });

  it("GIVEN an offset past the end WHEN the spec is shown THEN the page is empty and says how many there are", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const workdir = makeOpenSpecRepository({ "openspec/specs/rules/spec.md": largeSpec(3) });
    const result = await catalog.call("openspec_spec_show", { workdir, name: "rules", offset: 50 });
    expect(result).toMatchObject({
      ok: true,
      requirements: [],
      page: { offset: 50, total: 3, next_offset: null },
    });
  });
});
