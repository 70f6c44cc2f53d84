import { readFileSync, symlinkSync } from "node:fs";
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
});
