import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findConfinement } from "@org/openspec-cli-runner";
import { makeOpenSpecRepository, REAL_OPENSPEC_BIN, runRealOpenSpec } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { toolCatalog } from "../tool-catalog.js";
import { toolResultSchema } from "../tool-result-schema.js";
import type { ChangeCreateSuccess } from "../tool-result-types.js";
import { changeCreateTool } from "./change-create-tool.js";

afterEach(cleanUp);

const steps = (when: string) => [
  { type: "WHEN" as const, text: when },
  { type: "THEN" as const, text: "the outcome is recorded" },
];

const COMPLETE_CHANGE = {
  name: "add-passkeys",
  why: "Passwords alone are phished too often; passkeys close that gap for every user of the service.",
  what_changes: ["Add passkey login", "Document passkeys"],
  impact: "Affects the auth service.",
  tasks: [{ title: "Backend", items: ["Add the passkey endpoint", "Test it"] }],
  specs: [
    {
      name: "passkeys",
      purpose: "Lets users sign in with a passkey instead of a password, on every client.",
      added: [
        {
          name: "Passkey login",
          description: "The system SHALL accept a registered passkey.",
          scenarios: [{ name: "Valid passkey", steps: steps("a registered passkey is used") }],
        },
      ],
    },
  ],
};

const schema = toolResultSchema(changeCreateTool);

describe("openspec_change_create", () => {
  it("GIVEN the CLI and a complete input WHEN a change is created THEN it is written, valid under validate --strict, with the token openspec_context hands out", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_change_create", {
      workdir: root,
      ...COMPLETE_CHANGE,
    });
    expect(schema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      ok: true,
      change: "add-passkeys",
      path: "openspec/changes/add-passkeys",
      schema: "spec-driven",
      overwritten: false,
      warnings: [],
      validation: { valid: true },
    });
    expect(result.ok && result.files).toHaveLength(4);
    await catalog.call("openspec_source_add", { path: root, name: "shop" });
    const context = await catalog.call("openspec_context", { identifier: "shop" });
    expect(context.ok && context.changes).toEqual([
      expect.objectContaining({ name: "add-passkeys", token: result.ok && result.token }),
    ]);
  });

  it("GIVEN the CLI WHEN a change is created THEN its .openspec.yaml is the text `openspec new change` writes", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    await catalog.call("openspec_change_create", { workdir: root, ...COMPLETE_CHANGE });
    expect((await runRealOpenSpec(root, ["new", "change", "by-the-cli", "--json"])).status).toBe(0);
    const read = (name: string) =>
      readFileSync(join(root, "openspec/changes", name, ".openspec.yaml"), "utf8");
    expect(read("add-passkeys")).toBe(read("by-the-cli"));
  });

  it("GIVEN no CLI WHEN a change is created THEN it is written all the same, with validation null and a note saying why", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_change_create", {
      workdir: root,
      ...COMPLETE_CHANGE,
    });
    expect(schema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({ ok: true, validation: null });
    expect(result.ok && result.note).toMatch(/not validated \(the OpenSpec CLI was not found\)/);
    expect(
      readFileSync(join(root, "openspec/changes/add-passkeys/.openspec.yaml"), "utf8"),
    ).toMatch(/^schema: spec-driven\ncreated: \d{4}-\d\d-\d\d\n$/);
    expect((await runRealOpenSpec(root, ["validate", "add-passkeys", "--strict"])).status).toBe(0);
  });

  it("GIVEN a schema the CLI does not know WHEN a change is created THEN invalid_input quotes the CLI and nothing is written", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_change_create", {
      workdir: root,
      ...COMPLETE_CHANGE,
      schema: "no-such-flow",
    });
    expect(result).toMatchObject({ ok: false, code: "invalid_input" });
    expect(result.ok === false && result.error).toMatch(/Schema 'no-such-flow' not found/);
    expect(readdirSync(join(root, "openspec/changes"))).toEqual(["archive"]);
  });

  it("GIVEN a project schema under openspec/schemas WHEN a change names it THEN the CLI finds it, unless the schemas folder leads out of the repository (refused before an unconfined run)", async () => {
    const { catalog } = makeCatalog({ env: { OPENSPEC_AGENT_CONFINE: "off" } });
    const packaged = join(REAL_OPENSPEC_BIN, "..", "..", "schemas", "spec-driven");
    const root = makeOpenSpecRepository();
    cpSync(packaged, join(root, "openspec/schemas/my-flow"), { recursive: true });
    const yaml = join(root, "openspec/schemas/my-flow/schema.yaml");
    writeFileSync(
      yaml,
      readFileSync(yaml, "utf8").replace(/^name: spec-driven$/m, "name: my-flow"),
    );
    const result = await catalog.call("openspec_change_create", {
      workdir: root,
      ...COMPLETE_CHANGE,
      schema: "my-flow",
    });
    expect(result).toMatchObject({ ok: true, schema: "my-flow" });

    const linked = makeOpenSpecRepository();
    symlinkSync(join(root, "openspec/schemas"), join(linked, "openspec/schemas"));
    const refused = await catalog.call("openspec_change_create", {
      workdir: linked,
      ...COMPLETE_CHANGE,
      schema: "my-flow",
    });
    expect(refused).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(readdirSync(join(linked, "openspec/changes"))).toEqual(["archive"]);
  });

  it.skipIf(!findConfinement().ok)(
    "GIVEN openspec/schemas linked to another repository's schemas WHEN the CLI runs confined and a change names one THEN it is not found there, and no change is written",
    async () => {
      const { catalog } = makeCatalog({ env: { OPENSPEC_AGENT_CONFINE: "required" } });
      const packaged = join(REAL_OPENSPEC_BIN, "..", "..", "schemas", "spec-driven");
      const other = makeOpenSpecRepository();
      cpSync(packaged, join(other, "openspec/schemas/my-flow"), { recursive: true });
      const linked = makeOpenSpecRepository();
      symlinkSync(join(other, "openspec/schemas"), join(linked, "openspec/schemas"));
      const refused = await catalog.call("openspec_change_create", {
        workdir: linked,
        ...COMPLETE_CHANGE,
        schema: "my-flow",
      });
      expect(refused).toMatchObject({ ok: false });
      expect(JSON.stringify(refused)).not.toContain(other);
      expect(readdirSync(join(linked, "openspec/changes"))).toEqual(["archive"]);
    },
  );

  it("GIVEN a change without delta specs WHEN created with the CLI THEN it is written, and warnings and the CLI's issues say what validate --strict rejects", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_change_create", {
      workdir: root,
      name: "thin",
      why: "The build repeats itself in three places, and the copies drift apart.",
      what_changes: ["Something"],
    });
    expect(schema.safeParse(result).success).toBe(true);
    const created = result as ChangeCreateSuccess;
    expect(created.warnings.map((warning) => warning.code)).toEqual(["change_without_deltas"]);
    expect(created.validation?.valid).toBe(false);
    expect(created.validation?.issues.map((issue) => issue.level)).toContain("ERROR");
    const blocks = changeCreateTool.presentation.render(created);
    expect(blocks.map((block) => ("text" in block ? block.text : ""))).toEqual(
      expect.arrayContaining([
        `created openspec/changes/thin (${created.token})`,
        "written, but it does not validate (validate --strict):",
      ]),
    );
  });

  it("GIVEN a Why of five characters WHEN a change is created THEN it is refused and nothing is written, so the corrected call creates it", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    const refused = await catalog.call("openspec_change_create", {
      workdir: root,
      name: "foo",
      why: "short",
      what_changes: ["Something"],
    });
    expect(refused).toMatchObject({
      ok: false,
      code: "invalid_input",
      error: expect.stringContaining("The why is 5 characters"),
      fix: expect.stringContaining("Give why 50 to 1000 characters"),
    });
    expect(readdirSync(join(root, "openspec/changes"))).toEqual(["archive"]);

    const retried = await catalog.call("openspec_change_create", {
      workdir: root,
      name: "foo",
      why: "The build repeats itself in three places, and the copies drift apart.",
      what_changes: ["Something"],
    });
    expect(retried).toMatchObject({ ok: true, change: "foo" });
  });

  it("GIVEN an existing change WHEN created again THEN change_exists; with force its files are replaced", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    await catalog.call("openspec_change_create", { workdir: root, ...COMPLETE_CHANGE });
    const again = await catalog.call("openspec_change_create", {
      workdir: root,
      ...COMPLETE_CHANGE,
    });
    expect(again).toMatchObject({ ok: false, code: "change_exists" });
    expect(again.ok === false && again.fix).toMatch(/force/);
    const forced = await catalog.call("openspec_change_create", {
      workdir: root,
      ...COMPLETE_CHANGE,
      force: true,
    });
    expect(forced).toMatchObject({ ok: true, overwritten: true });
  });

  it("GIVEN a name that escapes WHEN created THEN invalid_name before the CLI runs and nothing is written", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_change_create", {
      workdir: root,
      ...COMPLETE_CHANGE,
      name: "../escape",
    });
    expect(result).toMatchObject({ ok: false, code: "invalid_name" });
    expect(existsSync(join(root, "openspec/escape"))).toBe(false);
  });

  it("GIVEN the catalog WHEN listed THEN the tool writes, may replace with force, and needs no CLI", () => {
    const tool = toolCatalog.find((entry) => entry.name === "openspec_change_create");
    expect(tool?.requiresCli).toBe(false);
    expect(tool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tool?.presentation.command).toEqual(["change", "create"]);
  });
});
