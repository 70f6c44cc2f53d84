import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { workflowCatalog } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PLUGIN_SKILL_FILES, packagePaths, packageVersion } from "./package-paths.js";
import { renderSkillFiles } from "./render-skill-files.js";
import { versionedPluginFiles } from "./versioned-plugin-files.js";

const STALE =
  "is out of date with the workflows: run `pnpm --filter @org/openspec-hermes-host build` and commit it";

describe("the committed workflow skills", () => {
  const wanted = renderSkillFiles(workflowCatalog);
  const installed = versionedPluginFiles();

  it("GIVEN the workflows WHEN their skills are rendered THEN every committed SKILL.md is identical", () => {
    for (const [file, content] of Object.entries(wanted)) {
      expect(readFileSync(join(packagePaths.pluginFolder, file), "utf8"), `${file} ${STALE}`).toBe(
        content,
      );
    }
  });

  it("GIVEN the plugin's skills folder THEN it holds exactly one folder per workflow, and the installer copies each SKILL.md", () => {
    expect(readdirSync(join(packagePaths.pluginFolder, "skills")).sort()).toEqual(
      workflowCatalog.map((workflow) => workflow.name).sort(),
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
        version: packageVersion(),
        metadata: { hermes: { tags: ["openspec", "workflow"] } },
      });
      expect(workflow.name).toMatch(/^[a-zA-Z0-9_-]+$/);
      expect(text).toContain(`# `);
      expect(wanted[`skills/${workflow.name}/SKILL.md`]).toBe(
        text.replace(`version: ${JSON.stringify(packageVersion())}\n`, ""),
      );
    }
  });
});
