import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  CHECKOUT_SPEC_INPUT,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { argumentAliases } from "./argument-aliases.js";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";
import { toolCatalog } from "./tool-catalog.js";
import { toolInputJsonSchema } from "./tool-json-schema.js";

afterEach(cleanUp);

const { name: _name, ...checkout } = CHECKOUT_SPEC_INPUT;

describe("calls written for the earlier Python Hermes plugin", () => {
  it("GIVEN a spec named by `spec` WHEN openspec_spec_create is called THEN the spec is written under that name and the answer names it as spec too", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_spec_create", {
      workdir: root,
      spec: "my-spec",
      ...checkout,
    });
    expect(result).toMatchObject({ ok: true, name: "my-spec", spec: "my-spec", change: null });
    expect(existsSync(join(root, "openspec/specs/my-spec/spec.md"))).toBe(true);
  });

  it('GIVEN tasks and status "done" WHEN openspec_task_set_status is called THEN those tasks are ticked and the answer has counts and status', async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const result = await catalog.call("openspec_task_set_status", {
      workdir: root,
      change_id: "add-dark-mode",
      tasks: ["1.2"],
      status: "done",
    });
    expect(result).toMatchObject({
      ok: true,
      changed: ["1.2"],
      counts: { total: 2, done: 2, todo: 0 },
      status: "done",
    });
    const tasks = readFileSync(join(root, "openspec/changes/add-dark-mode/tasks.md"), "utf8");
    expect(tasks).toContain("- [x] 1.2 Ship it");

    const undone = await catalog.call("openspec_task_set_status", {
      workdir: root,
      change: "add-dark-mode",
      task_ids: ["1.1"],
      status: "todo",
    });
    expect(undone).toMatchObject({ ok: true, changed: ["1.1"], status: "in_progress" });
  });

  it("GIVEN an alias and its field with different values WHEN called THEN invalid_input names both and nothing is written", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_spec_create", {
      workdir: root,
      spec: "one",
      ...checkout,
      name: "two",
    });
    expect(result).toMatchObject({ ok: false, code: "invalid_input" });
    expect(result.ok === false && result.error).toContain('"spec" and "name"');
    expect(existsSync(join(root, "openspec/specs/one"))).toBe(false);
    expect(existsSync(join(root, "openspec/specs/two"))).toBe(false);
  });

  it("GIVEN two aliases of one field with different values WHEN called THEN invalid_input names both", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const result = await catalog.call("openspec_task_set_status", {
      workdir: root,
      change: "add-dark-mode",
      tasks: ["1.1"],
      task_ids: ["1.2"],
      status: "done",
    });
    expect(result).toMatchObject({ ok: false, code: "invalid_input" });
    expect(result.ok === false && result.error).toContain('"task_ids" and "tasks"');
  });

  it("GIVEN an alias and its field with the same value WHEN called THEN the call runs", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const result = await catalog.call("openspec_task_list", {
      workdir: root,
      change: "add-dark-mode",
      change_id: "add-dark-mode",
    });
    expect(result).toMatchObject({ ok: true, counts: { total: 2, done: 1, todo: 1 } });
  });

  it("GIVEN a status other than todo or done WHEN called THEN invalid_input says which values it takes", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const result = await catalog.call("openspec_task_set_status", {
      workdir: root,
      change: "add-dark-mode",
      ids: ["1.2"],
      status: "finished",
    });
    expect(result).toMatchObject({ ok: false, code: "invalid_input" });
    expect(result.ok === false && result.error).toContain('status must be "todo" or "done"');
  });

  it("GIVEN a change's title, summary and task texts WHEN openspec_change_create is called THEN the change is written from them", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_change_create", {
      workdir: root,
      change_id: "direct-change",
      title: "Direct change",
      summary: "Create a change without an idea first, so agents can start from a plain request.",
      tasks: ["Refine scope", "Implement behaviour"],
    });
    expect(result).toMatchObject({ ok: true, change: "direct-change" });
    const folder = join(root, "openspec/changes/direct-change");
    expect(readFileSync(join(folder, "proposal.md"), "utf8")).toContain("- Direct change");
    expect(readFileSync(join(folder, "tasks.md"), "utf8")).toContain(
      "- [ ] 1.2 Implement behaviour",
    );
  });

  it("GIVEN a spec list and a spec diff WHEN called THEN the answers carry count and each requirement's status", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const listed = await catalog.call("openspec_spec_list", { workdir: root, change_id: "x" });
    // spec_list has no change_id: a name the tool does not know stays an error.
    expect(listed).toMatchObject({ ok: false, code: "invalid_input" });
    expect(await catalog.call("openspec_spec_list", { workdir: root })).toMatchObject({
      ok: true,
      count: 0,
    });
    const diffed = await catalog.call("openspec_spec_diff", {
      workdir: root,
      change: "add-dark-mode",
    });
    expect(diffed).toMatchObject({
      ok: true,
      specs: [{ spec: "ui", requirements: [{ operation: "ADDED", status: "added" }] }],
    });
  });

  it("GIVEN show's name and a requirement number as text WHEN openspec_show is called THEN the CLI shows that target's requirement", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const result = await catalog.call("openspec_show", {
      workdir: root,
      name: "auth",
      type: "spec",
      requirement: "1",
    });
    expect(result).toMatchObject({ ok: true, stdout: { id: "auth" } });
    const command = result.ok ? (result.command as string[]) : [];
    expect(command).toEqual(expect.arrayContaining(["auth", "--requirement", "1"]));
  });

  it("GIVEN a spec without a change WHEN openspec_spec_diff is called THEN it is compared with git HEAD", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    // Outside git, so the comparison with HEAD is what answers.
    expect(await catalog.call("openspec_spec_diff", { workdir: root, spec: "auth" })).toMatchObject(
      {
        ok: false,
        code: "not_a_git_repository",
      },
    );
  });

  it("GIVEN strict: false WHEN openspec_validate is called THEN invalid_input says it always validates strictly", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const result = await catalog.call("openspec_validate", {
      workdir: makeOpenSpecRepository(),
      strict: false,
    });
    expect(result).toMatchObject({ ok: false, code: "invalid_input" });
    expect(result.ok === false && result.error).toContain("always validates strictly");
  });

  it("GIVEN with_spec WHEN openspec_change_create is called THEN false is left out, and true is invalid_input saying no placeholder spec is written and what to pass", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    const call = {
      workdir: root,
      change: "add-search",
      summary: "Shoppers cannot find products by name today, so they leave.",
      title: "Search",
    };
    expect(
      await catalog.call("openspec_change_create", { ...call, with_spec: false }),
    ).toMatchObject({
      ok: true,
      change: "add-search",
    });
    const refused = await catalog.call("openspec_change_create", {
      ...call,
      change: "add-filter",
      with_spec: true,
    });
    expect(refused).toMatchObject({ ok: false, code: "invalid_input" });
    expect(refused.ok === false && refused.error).toContain("no placeholder delta spec is written");
    expect(existsSync(join(root, "openspec/changes/add-filter"))).toBe(false);
  });

  it("GIVEN every tool's published input schema THEN no alias appears in it", () => {
    for (const tool of toolCatalog) {
      const published = Object.keys(toolInputJsonSchema(tool).properties as object);
      for (const entry of argumentAliases[tool.name] ?? []) {
        if (entry.alias === entry.field) continue;
        expect(published, `${tool.name} publishes ${entry.alias}`).not.toContain(entry.alias);
      }
    }
  });
});
