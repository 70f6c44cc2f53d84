import { mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, makeOpenSpecRepository, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";

afterEach(cleanUp);

const MARKER = "OUTSIDE-TASK-TEXT";
const spec = {
  title: "Child",
  purpose: "A spec that must land in the child folder or nowhere, never in the ancestor's specs.",
  requirements: [{ name: "Stay", description: "The system SHALL stay in its own folder." }],
};

/** A repository whose only change folder, `evil`, is a symlink to a change outside it. */
function repositoryWithEscapingChange() {
  const outside = temporaryFolder("outside-");
  writeFiles(outside, {
    "proposal.md": `# ${MARKER}\n\n## Why\n\nOutside.\n`,
    "tasks.md": `## 1. Outside\n\n- [ ] 1.1 ${MARKER}\n`,
  });
  const root = makeOpenSpecRepository();
  symlinkSync(outside, join(root, "openspec/changes/evil"));
  return { root, outside };
}

describe("a change folder symlinked out of the repository, through the CLI-backed tools", () => {
  it("GIVEN the only change folder is a symlink out WHEN apply instructions are asked without a change THEN it is not picked and nothing from outside comes back", async () => {
    const { catalog } = makeCatalog();
    const { root, outside } = repositoryWithEscapingChange();
    const result = await catalog.call("openspec_instructions", {
      workdir: root,
      artifact: "apply",
    });
    expect(result).not.toMatchObject({ change: "evil" });
    expect(JSON.stringify(result)).not.toContain(MARKER);
    expect(JSON.stringify(result)).not.toContain(outside);
  });

  it.each([
    ["openspec_status", { change: "evil" }],
    ["openspec_instructions", { artifact: "apply", change: "evil" }],
    ["openspec_instructions", { artifact: "tasks", change: "evil" }],
    ["openspec_show", { target: "evil" }],
    ["openspec_show", { target: "evil", type: "change" }],
    ["openspec_validate", { target: "evil" }],
  ] as const)(
    "GIVEN the change evil, a symlink out WHEN %s names it (%j) THEN path_outside_repository before the CLI runs",
    async (tool, args) => {
      const { catalog } = makeCatalog();
      const { root } = repositoryWithEscapingChange();
      const result = await catalog.call(tool, { workdir: root, ...args });
      expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
      expect(result).not.toHaveProperty("command");
      expect(JSON.stringify(result)).not.toContain(MARKER);
    },
  );
});

describe("a registered source without openspec/ under an ancestor that has one", () => {
  async function childSource() {
    const { catalog } = makeCatalog();
    const ancestor = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const child = join(ancestor, "packages", "child");
    mkdirSync(child, { recursive: true });
    const added = await catalog.call("openspec_source_add", { path: child, name: "child" });
    expect(added).toMatchObject({ ok: true, source: { has_openspec: false } });
    return { catalog, ancestor, child };
  }

  it("WHEN a spec is created in it, with force THEN no_openspec_root with a fix naming openspec init there, and the ancestor's specs are unchanged", async () => {
    const { catalog, ancestor, child } = await childSource();
    const result = await catalog.call("openspec_spec_create", {
      source: "child",
      name: "child",
      force: true,
      ...spec,
    });
    expect(result).toMatchObject({ ok: false, code: "no_openspec_root" });
    expect(result.ok === false && result.fix).toContain(`openspec init\` in ${child}`);
    expect(readdirSync(join(ancestor, "openspec/specs")).sort()).toEqual([".gitkeep", "auth"]);
  });

  it("WHEN its specs and context are read THEN the ancestor's spec is not among them", async () => {
    const { catalog } = await childSource();
    expect(await catalog.call("openspec_spec_list", { source: "child" })).toMatchObject({
      ok: true,
      specs: [],
    });
    expect(
      await catalog.call("openspec_spec_show", { source: "child", name: "auth" }),
    ).toMatchObject({ ok: false });
    expect(await catalog.call("openspec_context", { identifier: "child" })).toMatchObject({
      ok: true,
      specs: [],
    });
  });

  it.each([
    ["openspec_list", {}],
    ["openspec_show", { target: "auth" }],
    ["openspec_validate", {}],
    ["openspec_instructions", { artifact: "proposal" }],
  ] as const)(
    "WHEN %s runs on it THEN no_openspec_root: the CLI would climb to the ancestor",
    async (tool, args) => {
      const { catalog, child } = await childSource();
      const result = await catalog.call(tool, { source: "child", ...args });
      expect(result).toMatchObject({ ok: false, code: "no_openspec_root" });
      expect(result.ok === false && result.fix).toContain(child);
    },
  );

  it("WHEN the same folder is given as a workdir THEN it still finds the ancestor, as the CLI does", async () => {
    const { catalog, child } = await childSource();
    expect(await catalog.call("openspec_spec_list", { workdir: child })).toMatchObject({
      ok: true,
      specs: ["auth"],
    });
  });
});
