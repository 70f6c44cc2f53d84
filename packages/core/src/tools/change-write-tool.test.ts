import { readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { toolCatalog } from "../tool-catalog.js";
import { toolResultSchema } from "../tool-result-schema.js";
import type { ChangeWriteSuccess } from "../tool-result-types.js";
import { changeWriteTool } from "./change-write-tool.js";

afterEach(cleanUp);

const CHANGE = "openspec/changes/add-login";
const PROPOSAL =
  "## Why\r\nPeople cannot sign in today, so every page they open is the public one.\r\n\r\n## What Changes\r\n- Add a login form\r\n";
const DELTA = [
  "## ADDED Requirements",
  "",
  "### Requirement: Login",
  "The system SHALL let a registered user sign in.",
  "",
  "#### Scenario: Right password",
  "- **WHEN** the password matches",
  "- **THEN** the user is signed in",
  "",
].join("\n");

const schema = toolResultSchema(changeWriteTool);

function repository(): string {
  return makeOpenSpecRepository({ [`${CHANGE}/proposal.md`]: PROPOSAL });
}

describe("openspec_change_write", () => {
  it("GIVEN the CLI WHEN the missing delta spec is written THEN it is created and the change validates strict", async () => {
    const { catalog } = makeCatalog();
    const root = repository();
    const result = await catalog.call("openspec_change_write", {
      workdir: root,
      change: "add-login",
      artifact: "spec",
      spec: "auth",
      content: DELTA,
    });
    expect(schema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      ok: true,
      change: "add-login",
      artifact: "spec",
      spec: "auth",
      path: `${CHANGE}/specs/auth/spec.md`,
      created: true,
      bytes: Buffer.byteLength(DELTA),
      warnings: [],
      validation: { valid: true },
    });
  });

  it("GIVEN a delta spec without SHALL THEN the warning and the CLI's validation say the same", async () => {
    const { catalog } = makeCatalog();
    const root = repository();
    const result = await catalog.call("openspec_change_write", {
      workdir: root,
      change: "add-login",
      artifact: "spec",
      spec: "auth",
      content: DELTA.replace("SHALL let", "lets"),
    });
    expect(result).toMatchObject({
      ok: true,
      warnings: [{ code: "requirement_without_shall", requirement: "Login" }],
      validation: { valid: false },
    });
    const issues = result.ok ? ((result as ChangeWriteSuccess).validation?.issues ?? []) : [];
    expect(issues.map((issue) => issue.message).join("\n")).toMatch(/SHALL or MUST/);
  });

  it("GIVEN no CLI WHEN the proposal is replaced with force THEN CRLF survives, validation is null with a note", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = repository();
    const content = PROPOSAL.replace("a login form", "a login form and a logout link");
    const refused = await catalog.call("openspec_change_write", {
      workdir: root,
      change: "add-login",
      artifact: "proposal",
      content,
    });
    expect(refused).toMatchObject({ ok: false, code: "artifact_exists" });
    expect(refused.ok ? "" : refused.fix).toMatch(/force/);
    const result = await catalog.call("openspec_change_write", {
      workdir: root,
      change: "add-login",
      artifact: "proposal",
      content,
      force: true,
    });
    expect(schema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({ ok: true, created: false, validation: null });
    expect(result.ok && result.note).toMatch(/not validated/);
    expect(readFileSync(join(root, CHANGE, "proposal.md"), "utf8")).toBe(content);
  });

  it("GIVEN tasks.md symlinked out of the repository WHEN written with force THEN path_outside_repository", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = repository();
    symlinkSync(join(temporaryFolder("out-"), "tasks.md"), join(root, CHANGE, "tasks.md"));
    const result = await catalog.call("openspec_change_write", {
      workdir: root,
      change: "add-login",
      artifact: "tasks",
      content: "- [ ] 1.1 Leak\n",
      force: true,
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
  });

  it("GIVEN the catalog WHEN listed THEN the tool writes, may replace with force, is idempotent and needs no CLI", () => {
    const tool = toolCatalog.find((entry) => entry.name === "openspec_change_write");
    expect(tool?.requiresCli).toBe(false);
    expect(tool?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
  });

  describe("a repository on a schema of its own, as public repositories keep one with a decisions step", () => {
    // The built-in spec-driven artifacts, with decisions.md between design and tasks.
    const artifact = (id: string, generates: string, requires: string) =>
      `  - { id: ${id}, generates: '${generates}', description: ${id}, template: ${id}.md, requires: [${requires}] }`;
    const SCHEMA = [
      "name: with-decisions",
      "version: 1",
      "description: spec-driven with a record of decisions",
      "artifacts:",
      artifact("proposal", "proposal.md", ""),
      artifact("specs", "specs/**/*.md", "proposal"),
      artifact("design", "design.md", "proposal"),
      artifact("decisions", "decisions.md", "design"),
      artifact("tasks", "tasks.md", "specs, design, decisions"),
      "apply: { requires: [tasks], tracks: tasks.md }",
      "",
    ].join("\n");
    const ownSchemaRepository = () =>
      makeOpenSpecRepository({
        "openspec/config.yaml": "schema: with-decisions\n",
        "openspec/schemas/with-decisions/schema.yaml": SCHEMA,
        ...Object.fromEntries(
          ["proposal", "specs", "design", "decisions", "tasks"].map((name) => [
            `openspec/schemas/with-decisions/templates/${name}.md`,
            `# ${name}\n`,
          ]),
        ),
        [`${CHANGE}/.openspec.yaml`]: "schema: with-decisions\ncreated: 2026-01-01\n",
        [`${CHANGE}/proposal.md`]: PROPOSAL,
        [`${CHANGE}/design.md`]: "# Design\n\nA form posts to /login.\n",
      });
    const writeIn = (root: string, id: string, content: string) =>
      makeCatalog().catalog.call("openspec_change_write", {
        workdir: root,
        change: "add-login",
        artifact: id,
        content,
      });

    it("GIVEN a change on it WHEN its decisions artifact is written THEN decisions.md is created, and openspec status counts it done", async () => {
      const root = ownSchemaRepository();
      const content = "# Decisions\n\n- Sessions live in a cookie.\n";

      const result = await writeIn(root, "decisions", content);

      expect(schema.safeParse(result).success).toBe(true);
      expect(result).toMatchObject({
        ok: true,
        artifact: "decisions",
        path: `${CHANGE}/decisions.md`,
        created: true,
        warnings: [],
      });
      expect(readFileSync(join(root, CHANGE, "decisions.md"), "utf8")).toBe(content);
      const status = await makeCatalog().catalog.call("openspec_status", {
        workdir: root,
        change: "add-login",
      });
      expect(status).toMatchObject({
        ok: true,
        stdout: {
          artifacts: expect.arrayContaining([
            expect.objectContaining({
              id: "decisions",
              outputPath: "decisions.md",
              status: "done",
            }),
          ]),
        },
      });
    });

    it("GIVEN a change on it WHEN an artifact its schema lacks, or its set of delta specs, is written THEN unknown_artifact names the artifacts there are, and specs asks for one spec at a time, and nothing is written", async () => {
      const root = ownSchemaRepository();

      const unknown = await writeIn(root, "adr", "# ADR\n");
      const set = await writeIn(root, "specs", DELTA);

      expect(unknown).toMatchObject({
        ok: false,
        code: "unknown_artifact",
        error:
          '"adr" is not an artifact of the schema with-decisions of change "add-login"; its artifacts are proposal, specs, design, decisions, tasks.',
      });
      expect(set).toMatchObject({
        ok: false,
        code: "invalid_input",
        error: '"specs" generates a set of files (specs/**/*.md), not one file.',
      });
      expect(readdirSync(join(root, CHANGE)).sort()).toEqual([
        ".openspec.yaml",
        "design.md",
        "proposal.md",
      ]);
    });
  });
});
