import { workflowCatalog } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PLUGIN_SKILL_FILES } from "./package-paths.js";
import { renderPluginFolder } from "./render-plugin-folder.js";
import { renderSkillFiles } from "./render-skill-files.js";
import { versionedPluginFiles } from "./versioned-plugin-files.js";

const VERSION = "9.8.7";

describe("the workflow skills", () => {
  const wanted = renderSkillFiles(workflowCatalog);
  const installed = versionedPluginFiles(VERSION);

  it("GIVEN the workflows WHEN the plugin folder is rendered THEN it holds one SKILL.md per workflow, and the installer copies each", () => {
    const skills = Object.keys(renderPluginFolder()).filter((file) => file.startsWith("skills/"));
    expect(skills.sort()).toEqual(
      workflowCatalog.map((workflow) => `skills/${workflow.name}/SKILL.md`).sort(),
    );
    expect([...PLUGIN_SKILL_FILES].sort()).toEqual(Object.keys(wanted).sort());
  });

  it("GIVEN an installed SKILL.md WHEN its front matter is read as YAML, as Hermes does THEN it names the workflow, describes it and carries the installed version", () => {
    for (const workflow of workflowCatalog) {
      const text = installed[`skills/${workflow.name}/SKILL.md`] ?? "";
      const [, frontMatter = ""] = /^---\n([\s\S]*?)\n---\n/.exec(text) ?? [];
      expect(parse(frontMatter)).toEqual({
        name: workflow.name,
        description: workflow.description,
        version: VERSION,
        metadata: { hermes: { tags: ["openspec", "workflow"] } },
      });
      expect(workflow.name).toMatch(/^[a-zA-Z0-9_-]+$/);
      expect(text).toContain(`# `);
      expect(wanted[`skills/${workflow.name}/SKILL.md`]).toBe(
        text.replace(`version: ${JSON.stringify(VERSION)}\n`, ""),
      );
    }
  });
});
