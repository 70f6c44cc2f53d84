import { describe, expect, it } from "vitest";
import { toolCatalog } from "../tool-catalog.js";
import { workflowCatalog } from "./workflow-catalog.js";

const catalogTools = new Map(toolCatalog.map((tool) => [tool.name, tool]));

function toolsNamedIn(text: string): Set<string> {
  return new Set(text.match(/\bopenspec_[a-z_]+\b/g) ?? []);
}

describe("workflowCatalog", () => {
  it("holds the eight workflows, each with a unique kebab-case name and a one-line description", () => {
    expect(workflowCatalog.map((workflow) => workflow.name)).toEqual([
      "explore",
      "propose",
      "apply",
      "update",
      "sync-specs",
      "verify",
      "archive",
      "onboard",
    ]);
    for (const workflow of workflowCatalog) {
      expect(workflow.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(workflow.description).not.toContain("\n");
      expect(workflow.description.length).toBeLessThanOrEqual(120);
    }
  });

  it.each(workflowCatalog)(
    "GIVEN $name WHEN its instructions name a tool THEN the catalog has that tool",
    (workflow) => {
      const named = toolsNamedIn(workflow.instructions);
      expect(named.size).toBeGreaterThan(0);
      const missing = [...named].filter((name) => !catalogTools.has(name));
      expect(missing).toEqual([]);
    },
  );

  it.each(workflowCatalog)(
    "GIVEN $name WHEN an argument is given THEN every tool field it feeds exists and the workflow names that tool",
    (workflow) => {
      const named = toolsNamedIn(workflow.instructions);
      for (const argument of workflow.arguments) {
        expect(
          argument.feeds.length,
          `${workflow.name}.${argument.name} feeds nothing`,
        ).toBeGreaterThan(0);
        for (const { tool, field } of argument.feeds) {
          const definition = catalogTools.get(tool);
          expect(
            definition,
            `${workflow.name}.${argument.name} feeds unknown tool ${tool}`,
          ).toBeDefined();
          expect(Object.keys(definition?.inputSchema.shape ?? {})).toContain(field);
          expect(named.has(tool), `${workflow.name} feeds ${tool} but never names it`).toBe(true);
        }
      }
    },
  );

  it.each(workflowCatalog)(
    "GIVEN $name WHEN its instructions hold a placeholder THEN it is a name argument of the workflow",
    (workflow) => {
      const names = new Set(
        workflow.arguments
          .filter((argument) => argument.kind === "name")
          .map((argument) => argument.name),
      );
      const placeholders = [...workflow.instructions.matchAll(/\{\{([^}]*)\}\}/g)].map(
        (match) => match[1],
      );
      for (const placeholder of placeholders) expect(names).toContain(placeholder);
    },
  );

  it.each(workflowCatalog)(
    "GIVEN $name THEN it confirms the repository first and never creates openspec/ itself",
    (workflow) => {
      const text = workflow.instructions;
      const confirm = text.indexOf("openspec_context");
      expect(confirm).toBeGreaterThan(-1);
      for (const name of toolsNamedIn(text)) {
        if (name === "openspec_source_list" || name === "openspec_source_add") continue;
        expect(text.indexOf(name), `${name} comes before openspec_context`).toBeGreaterThanOrEqual(
          confirm,
        );
      }
      expect(text).toContain("openspec init");
      expect(text).toContain("Never create `openspec/`");
    },
  );

  it("GIVEN the planning workflows THEN each stops before implementation", () => {
    for (const name of ["propose", "update"]) {
      const text = workflowCatalog.find((workflow) => workflow.name === name)?.instructions ?? "";
      expect(text).toContain("Planning only.");
      expect(text).toContain("do not edit the project's code");
    }
    const explore = workflowCatalog.find((workflow) => workflow.name === "explore")?.instructions;
    expect(explore).toContain("write nothing");
  });

  it("GIVEN the apply workflow THEN it ticks one task at a time, after the work", () => {
    const text = workflowCatalog.find((workflow) => workflow.name === "apply")?.instructions ?? "";
    expect(text).toContain('`ids: ["<id>"]`');
    expect(text).toContain("never tick tasks in advance");
  });

  it("GIVEN the archive workflow THEN it validates, checks tasks and previews the diff before archiving", () => {
    const text =
      workflowCatalog.find((workflow) => workflow.name === "archive")?.instructions ?? "";
    const archive = text.indexOf("`openspec_change_archive`");
    for (const step of ["`openspec_validate`", "`openspec_task_list`", "`openspec_spec_diff`"]) {
      expect(text.indexOf(step)).toBeGreaterThan(-1);
      expect(text.indexOf(step)).toBeLessThan(archive);
    }
  });
});
