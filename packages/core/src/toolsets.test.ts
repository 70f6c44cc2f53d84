import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { createCatalog } from "./create-catalog.js";
import { narrowCatalog } from "./narrow-catalog.js";
import { offeredToolsets, selectToolsets, toolsetOf } from "./select-toolsets.js";
import { toolCatalog } from "./tool-catalog.js";
import { toolFailure } from "./tool-result.js";
import { defaultToolNames, defaultToolsetNames, toolsets } from "./toolsets.js";
import { renderWorkflowTemplate } from "./workflows/render-workflow.js";
import { workflowCatalog } from "./workflows/workflow-catalog.js";

afterAll(removeTemporaryFolders);

const names = (selection: ReturnType<typeof selectToolsets>) =>
  selection.ok ? selection.toolsets.map((toolset) => toolset.name) : selection;

describe("toolsets", () => {
  it("GIVEN the catalog THEN every tool is in exactly one toolset and every toolset names only catalog tools", () => {
    for (const tool of toolCatalog) {
      expect(
        toolsets.filter((toolset) => toolset.tools.includes(tool.name)).map((t) => t.name),
        tool.name,
      ).toHaveLength(1);
    }
    const known = new Set(toolCatalog.map((tool) => tool.name));
    for (const toolset of toolsets) {
      for (const name of toolset.tools) expect(known.has(name), name).toBe(true);
    }
  });

  it("GIVEN the read toolset THEN it holds only tools that change nothing", () => {
    for (const name of toolsets.find((toolset) => toolset.name === "read")?.tools ?? []) {
      expect(toolCatalog.find((tool) => tool.name === name)?.annotations.readOnlyHint, name).toBe(
        true,
      );
    }
  });

  it("GIVEN a group without tools THEN it is not offered; every group has tools now", () => {
    expect(offeredToolsets(toolCatalog).map((toolset) => toolset.name)).toEqual([
      "read",
      "author",
      "lifecycle",
      "specs",
      "ideas",
      "sequencing",
      "sources",
      "cli",
    ]);
    expect(offeredToolsets(toolCatalog.filter((tool) => tool.name !== "openspec_cli")).length).toBe(
      8,
    );
    expect(
      offeredToolsets(toolCatalog.filter((tool) => toolsetOf(tool.name)?.name !== "cli")).map(
        (toolset) => toolset.name,
      ),
    ).not.toContain("cli");
  });

  it("GIVEN the default toolsets THEN the CLI passthrough is not in them", () => {
    const selection = selectToolsets(undefined, toolCatalog);
    expect(selection.ok && [...selection.tools]).not.toContain("openspec_cli");
  });

  it("GIVEN the default toolsets THEN they carry a change through the whole loop, and nothing a first session does not call", () => {
    const selection = selectToolsets(undefined, toolCatalog);
    expect(selection.ok && [...selection.tools]).toEqual([...defaultToolNames]);
    // Proposing, writing artifacts, ticking tasks, validating and archiving are all there...
    for (const tool of [
      "openspec_change_create",
      "openspec_change_write",
      "openspec_task_set_status",
      "openspec_validate",
      "openspec_change_archive",
    ]) {
      expect(defaultToolNames).toContain(tool);
    }
    // ...and what a first session does not call is one setting away.
    expect(
      defaultToolNames.filter((name) =>
        /idea|sequence|promote|source_(add|update|remove|import)|store|cli|doctor|schemas|spec_create|unarchive/.test(
          name,
        ),
      ),
    ).toEqual([]);
  });

  it("GIVEN no setting THEN the default toolsets are chosen; all, default and lists work; names are trimmed and case-blind", () => {
    expect(names(selectToolsets(undefined, toolCatalog))).toEqual([...defaultToolsetNames]);
    expect(names(selectToolsets("", toolCatalog))).toEqual([...defaultToolsetNames]);
    expect(names(selectToolsets("all", toolCatalog))).toEqual([
      "read",
      "author",
      "lifecycle",
      "specs",
      "ideas",
      "sequencing",
      "sources",
      "cli",
    ]);
    expect(names(selectToolsets(" Sources , read", toolCatalog))).toEqual(["read", "sources"]);
    expect(names(selectToolsets("default,ideas", toolCatalog))).toEqual([
      "read",
      "author",
      "lifecycle",
      "ideas",
    ]);
    const selection = selectToolsets("read", toolCatalog);
    expect(selection.ok && [...selection.tools]).toContain("openspec_context");
    expect(selection.ok && [...selection.tools]).not.toContain("openspec_change_create");
  });

  it("GIVEN an unknown name THEN the failure names the valid toolsets", () => {
    for (const setting of ["reed", "read,clii"]) {
      expect(selectToolsets(setting, toolCatalog)).toMatchObject({
        ok: false,
        code: "invalid_setting",
        fix: expect.stringContaining(
          "read, author, lifecycle, specs, ideas, sequencing, sources, cli",
        ),
      });
    }
  });

  it("GIVEN the workflows a first session follows (propose, apply, update) THEN every tool they tell the model to call is in the default, but registering a source, which they leave to the user", () => {
    for (const name of ["propose", "apply", "update"]) {
      const workflow = workflowCatalog.find((candidate) => candidate.name === name);
      if (workflow === undefined) throw new Error(`no ${name} workflow`);
      const named = new Set(renderWorkflowTemplate(workflow).match(/\bopenspec_[a-z_]+/g) ?? []);
      named.delete("openspec_source_add");
      expect(
        [...named].filter((tool) => !defaultToolNames.includes(tool)),
        name,
      ).toEqual([]);
    }
  });

  it("GIVEN a tool name THEN toolsetOf says which group holds it", () => {
    expect(toolsetOf("openspec_change_archive")?.name).toBe("lifecycle");
    expect(toolsetOf("openspec_nothing")).toBeUndefined();
  });
});

describe("narrowCatalog", () => {
  it("GIVEN a view of the read toolset THEN it lists only those tools, refuses others with the host's failure, answers a name that is no tool with the tools it offers, and widens when its rule does", async () => {
    const catalog = createCatalog({ registryPath: `${temporaryFolder()}/registry.db` });
    const allowed = new Set(["openspec_source_list"]);
    const view = narrowCatalog(
      catalog,
      (tool) => allowed.has(tool.name),
      (name) => toolFailure("tool_unavailable", `${name} is not offered here.`),
    );
    expect(view.tools.map((tool) => tool.name)).toEqual(["openspec_source_list"]);
    expect((await view.available()).map((tool) => tool.name)).toEqual(["openspec_source_list"]);
    expect(await view.call("openspec_source_list", {})).toMatchObject({ ok: true, sources: [] });
    expect(await view.call("openspec_source_add", { path: "/nowhere" })).toMatchObject({
      ok: false,
      code: "tool_unavailable",
      error: "openspec_source_add is not offered here.",
    });
    expect(await view.call("openspec_nothing", {})).toEqual({
      ok: false,
      code: "unknown_tool",
      error: 'There is no tool named "openspec_nothing".',
      fix: "Use one of: openspec_source_list.",
    });
    allowed.add("openspec_source_add");
    expect(view.tools.map((tool) => tool.name)).toContain("openspec_source_add");
    view.close();
    expect(await catalog.call("openspec_source_list", {})).toMatchObject({ ok: true });
    catalog.close();
  });
});
