import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { OUTSIDE_SECRET, repositoryWithSpecLinkedOut } from "../test-support/spec-linked-out.js";

afterEach(cleanUp);

describe("openspec_show: the CLI's refusal is said once", () => {
  it("GIVEN a change whose proposal has no Why section WHEN it is shown THEN the error carries the CLI's reason exactly once", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({
      "openspec/changes/add-login/proposal.md": "# Add login\n\n## What Changes\n- Login.\n",
    });
    const result = await catalog.call("openspec_show", {
      workdir: root,
      target: "add-login",
      type: "change",
    });
    expect(result).toMatchObject({ ok: false, code: "exit_nonzero" });
    if (result.ok) return;
    expect(result.error).toBe(
      "The openspec CLI exited with code 1: Change must have a Why section",
    );
  });
});

describe("openspec_show: a file symlinked out of a real folder", () => {
  it("GIVEN a real spec folder whose spec.md is a symlink out WHEN it is shown THEN path_outside_repository, and the outside text never comes back", async () => {
    const { catalog } = makeCatalog();
    const root = repositoryWithSpecLinkedOut();
    const result = await catalog.call("openspec_show", {
      workdir: root,
      target: "leak",
      type: "spec",
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(JSON.stringify(result)).not.toContain(OUTSIDE_SECRET);
  });
});

describe("openspec_show: a large change a page at a time", () => {
  it("GIVEN a change of 12 added requirements WHEN it is shown without paging arguments THEN stdout holds the first 10 deltas and page says where the other 2 start", async () => {
    const { catalog } = makeCatalog();
    const requirements = Array.from(
      { length: 12 },
      (_, i) =>
        `### Requirement: Rule ${i + 1}\nThe system SHALL follow rule ${i + 1}.\n\n#### Scenario: Rule ${i + 1} holds\n- **WHEN** it applies\n- **THEN** rule ${i + 1} holds\n`,
    );
    const root = makeOpenSpecRepository({
      "openspec/changes/add-rules/proposal.md":
        "# Add rules\n\n## Why\nThe system needs twelve written rules so that every team follows the same ones.\n\n## What Changes\n- Add twelve rules.\n",
      "openspec/changes/add-rules/specs/rules/spec.md": `## ADDED Requirements\n\n${requirements.join("\n")}`,
    });
    const deltas = (result: unknown) =>
      (result as { stdout: { deltas: { requirement: { text: string } }[] } }).stdout.deltas.map(
        (delta) => delta.requirement.text,
      );
    const first = await catalog.call("openspec_show", { workdir: root, target: "add-rules" });
    expect(first).toMatchObject({
      ok: true,
      page: { offset: 0, limit: 10, total: 12, next_offset: 10 },
    });
    expect(deltas(first)).toHaveLength(10);
    const rest = await catalog.call("openspec_show", {
      workdir: root,
      target: "add-rules",
      offset: 10,
    });
    expect(rest).toMatchObject({ ok: true, page: { offset: 10, total: 12, next_offset: null } });
    expect([...deltas(first), ...deltas(rest)]).toEqual(
      Array.from({ length: 12 }, (_, i) => `The system SHALL follow rule ${i + 1}.`),
    );
  });
});
