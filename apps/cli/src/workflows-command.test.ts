import { existsSync, readdirSync } from "node:fs";
import { renderWorkflow, workflowCatalog } from "@org/openspec-core";
import { isolatedEnvironment, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runCommand } from "./test-support/run-command.js";

afterEach(removeTemporaryFolders);

async function run(args: string[]) {
  const { env } = isolatedEnvironment({});
  const cwd = temporaryFolder("workflows-cwd-");
  const result = await runCommand(args, { env, cwd });
  // Printing a workflow touches no repository and no registry.
  expect(readdirSync(cwd)).toEqual([]);
  expect(existsSync(env.OPENSPEC_AGENT_DB ?? "")).toBe(false);
  return result;
}

describe("openspec-agent workflows", () => {
  it("GIVEN no arguments WHEN workflows runs THEN every workflow is listed with its description", async () => {
    const listed = await run(["workflows"]);
    expect(listed.status).toBe(0);
    const lines = listed.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^WORKFLOW\s+DESCRIPTION$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(
      workflowCatalog.map((workflow) => workflow.name),
    );
    for (const workflow of workflowCatalog) expect(listed.stdout).toContain(workflow.description);
  });

  it("GIVEN --json WHEN workflows runs THEN each workflow comes with its arguments", async () => {
    const listed = await run(["workflows", "--json"]);
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual({
      ok: true,
      workflows: workflowCatalog.map((workflow) => ({
        name: workflow.name,
        description: workflow.description,
        arguments: workflow.arguments.map(({ name, description, required }) => ({
          name,
          description,
          required,
        })),
      })),
    });
  });

  it("GIVEN a workflow and its arguments as options WHEN show runs THEN it prints exactly the filled-in instructions", async () => {
    const shown = await run([
      "workflows",
      "show",
      "propose",
      "--source",
      "shop",
      "--change",
      "add-passkeys",
      "--description",
      "Let people sign in with passkeys.",
    ]);
    expect(shown.status).toBe(0);
    const expected = renderWorkflow("propose", {
      source: "shop",
      change: "add-passkeys",
      description: "Let people sign in with passkeys.",
    });
    expect(expected.ok && shown.stdout).toBe(expected.ok ? expected.text : "");
    expect(shown.stdout).toContain('`name: "add-passkeys"`');
  });

  it("GIVEN --json WHEN show runs THEN the result carries the name, the arguments given and the text", async () => {
    const shown = await run(["workflows", "show", "apply", "--change", "add-passkeys", "--json"]);
    expect(shown.status).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      ok: true,
      name: "apply",
      arguments: { change: "add-passkeys" },
      text: expect.stringContaining("# Apply a change"),
    });
  });

  it("GIVEN a required argument left out, an unknown workflow or an argument the workflow does not take WHEN show runs THEN it fails with the code and a fix", async () => {
    const missing = await run(["workflows", "show", "sync-specs", "--json"]);
    expect(missing.status).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, code: "missing_argument" });

    const unknown = await run(["workflows", "show", "deploy"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toContain("(unknown_workflow)");
    expect(unknown.stderr).toContain("propose");

    const extra = await run(["workflows", "show", "onboard", "--change", "x"]);
    expect(extra.status).toBe(1);
    expect(extra.stderr).toContain("(unknown_argument)");
  });
});
