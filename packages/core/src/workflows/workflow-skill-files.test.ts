import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { renderWorkflowTemplate } from "./render-workflow.js";
import { workflowCatalog } from "./workflow-catalog.js";
import { workflowSkillFiles } from "./workflow-skill-files.js";

/** A SKILL.md split as skill loaders split it: the YAML between the `---` lines, and the markdown after. */
function split(text: string): { frontMatter: unknown; body: string } {
  const [, yaml = "", body = ""] = /^---\n([\s\S]*?)\n---\n\n?([\s\S]*)$/.exec(text) ?? [];
  return { frontMatter: parse(yaml), body };
}

describe("the workflow skill files", () => {
  it("GIVEN the workflows WHEN rendered without extras THEN there is one SKILL.md per workflow naming and describing it, with its instructions as the body", () => {
    const files = workflowSkillFiles(workflowCatalog);
    expect(Object.keys(files).sort()).toEqual(
      workflowCatalog.map((workflow) => `${workflow.name}/SKILL.md`).sort(),
    );
    for (const workflow of workflowCatalog) {
      const { frontMatter, body } = split(files[`${workflow.name}/SKILL.md`] ?? "");
      expect(frontMatter).toEqual({ name: workflow.name, description: workflow.description });
      expect(body).toBe(renderWorkflowTemplate(workflow));
    }
  });

  it("GIVEN a host's front-matter lines and preface WHEN rendered THEN they are added and the name, description and instructions stay the same", () => {
    const plain = workflowSkillFiles(workflowCatalog);
    const extended = workflowSkillFiles(workflowCatalog, {
      frontMatter: ["metadata:", '  version: "1.2.3"'],
      preface: "<!-- generated -->",
    });
    for (const workflow of workflowCatalog) {
      const file = `${workflow.name}/SKILL.md`;
      const ours = split(extended[file] ?? "");
      expect(ours.frontMatter).toEqual({
        ...(split(plain[file] ?? "").frontMatter as object),
        metadata: { version: "1.2.3" },
      });
      expect(ours.body).toBe(`<!-- generated -->\n\n${split(plain[file] ?? "").body}`);
    }
  });
});
