import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { DIFF_BYTES_PER_SPEC, REQUIREMENTS_PER_SPEC } from "./cap-spec-diff.js";

afterEach(cleanUp);

const PROPOSAL = "## Why\nRelease steps need specs.\n\n## What Changes\n- Add them.\n";

/** A delta that adds `count` requirements, each with one scenario. */
function addedRequirements(count: number): string {
  const requirements = Array.from(
    { length: count },
    (_, i) =>
      `### Requirement: Step ${i + 1}\nThe system SHALL run release step ${i + 1}.\n\n#### Scenario: Step ${i + 1} runs\n- **WHEN** a release starts\n- **THEN** step ${i + 1} runs\n`,
  );
  return `## ADDED Requirements\n\n${requirements.join("\n")}`;
}

type Diff = {
  ok: true;
  specs: {
    spec: string;
    requirements: { name: string }[];
    unified_diff: string;
    truncated?: true;
    size?: number;
  }[];
  errors: number;
  page: { offset: number; limit: number; total: number; next_offset: number | null };
};

describe("openspec_spec_diff: a large diff within a model's working set", () => {
  it("GIVEN a change that creates a spec of 40 requirements WHEN it is diffed without arguments THEN the first 8 requirements and a diff cut at a line's end come with truncated and the diff's size, and detail full has them whole", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const workdir = makeOpenSpecRepository({
      "openspec/changes/add-steps/proposal.md": PROPOSAL,
      "openspec/changes/add-steps/specs/steps/spec.md": addedRequirements(40),
    });

    const capped = (await catalog.call("openspec_spec_diff", {
      workdir,
      change: "add-steps",
    })) as Diff;
    const full = (await catalog.call("openspec_spec_diff", {
      workdir,
      change: "add-steps",
      detail: "full",
    })) as Diff;
    const [cut] = capped.specs;
    const [whole] = full.specs;
    expect(whole?.requirements).toHaveLength(40);
    expect(whole?.truncated).toBeUndefined();
    expect(cut?.truncated).toBe(true);
    expect(cut?.requirements.map((r) => r.name)).toEqual(
      whole?.requirements.slice(0, REQUIREMENTS_PER_SPEC).map((r) => r.name),
    );
    expect(cut?.size).toBe(Buffer.byteLength(whole?.unified_diff ?? ""));
    // The cut is the whole diff's longest run of whole lines that fits the cap: a size in
    // bytes, the same on any machine.
    const kept = cut?.unified_diff ?? "";
    const rest = whole?.unified_diff.slice(kept.length) ?? "";
    expect(whole?.unified_diff.startsWith(kept)).toBe(true);
    expect(kept.endsWith("\n")).toBe(true);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(DIFF_BYTES_PER_SPEC);
    expect(Buffer.byteLength(kept + rest.slice(0, rest.indexOf("\n") + 1))).toBeGreaterThan(
      DIFF_BYTES_PER_SPEC,
    );

    const summary = (await catalog.call("openspec_spec_diff", {
      workdir,
      change: "add-steps",
      detail: "summary",
    })) as Diff;
    expect(summary.specs[0]).toMatchObject({ unified_diff: "", truncated: true });
  });

  it("GIVEN a change with three delta specs, one of them refused WHEN it is diffed THEN two come a page with next_offset, the next page has the third, and errors counts every spec", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const workdir = makeOpenSpecRepository({
      "openspec/specs/gamma/spec.md":
        "# gamma\n\n## Purpose\nGamma.\n\n## Requirements\n### Requirement: Step 1\nThe system SHALL exist.\n\n#### Scenario: It exists\n- **WHEN** asked\n- **THEN** it is\n",
      "openspec/changes/add-steps/proposal.md": PROPOSAL,
      "openspec/changes/add-steps/specs/alpha/spec.md": addedRequirements(2),
      "openspec/changes/add-steps/specs/beta/spec.md": addedRequirements(2),
      // ADDED of a requirement gamma already has: the archive would refuse it.
      "openspec/changes/add-steps/specs/gamma/spec.md": addedRequirements(1),
    });
    const first = (await catalog.call("openspec_spec_diff", {
      workdir,
      change: "add-steps",
    })) as Diff;
    expect(first.specs.map((s) => s.spec)).toEqual(["alpha", "beta"]);
    expect(first.page).toEqual({ offset: 0, limit: 2, total: 3, next_offset: 2 });
    expect(first.errors).toBeGreaterThan(0);
    const second = (await catalog.call("openspec_spec_diff", {
      workdir,
      change: "add-steps",
      offset: 2,
    })) as Diff;
    expect(second.specs.map((s) => s.spec)).toEqual(["gamma"]);
    expect(second.page.next_offset).toBeNull();
    expect(second.errors).toBe(first.errors);
  });
});
