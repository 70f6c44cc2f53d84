import { realpathSync } from "node:fs";
import { join } from "node:path";
import {
  fakeOpenSpecBinary,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  setUpOpenSpecStore,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

const CUSTOM_SCHEMA = [
  "name: lean-flow",
  "version: 1",
  "description: Proposal and tasks only",
  "artifacts:",
  "  - id: proposal",
  "    generates: proposal.md",
  "    description: Why and what",
  "    template: proposal.md",
  "    requires: []",
  "  - id: tasks",
  "    generates: tasks.md",
  "    description: The checklist",
  "    template: tasks.md",
  "    requires: [proposal]",
  "",
].join("\n");

describe("the CLI's machine-readable contract as typed tools", () => {
  it("GIVEN a healthy repository WHEN openspec_doctor runs THEN the CLI's doctor JSON comes back, checked, with healthy", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_doctor", { workdir: root });
    expect(result).toMatchObject({
      ok: true,
      healthy: true,
      stdout: { root: { path: realpathSync(root), source: "nearest", healthy: true }, store: null },
    });
  });

  it("GIVEN a CLI whose doctor prints another shape WHEN openspec_doctor runs THEN cli_output_unexpected names the key, with the output attached, never a throw", async () => {
    const bin = fakeOpenSpecBinary(`echo '{"root": {"path": "/x"}, "status": []}'`);
    const { catalog } = makeCatalog({ cli: false, env: { OPENSPEC_BIN: bin } });
    const result = await catalog.call("openspec_doctor", { workdir: makeOpenSpecRepository() });
    expect(result).toMatchObject({
      ok: false,
      code: "cli_output_unexpected",
      error: expect.stringContaining("root.source"),
      fix: expect.stringContaining("openspec_cli"),
      stdout: { root: { path: "/x" } },
    });
  });

  it("GIVEN a repository with a custom schema WHEN openspec_schemas runs THEN it lists it beside the CLI's own, and with name says where it resolves from", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({
      "openspec/schemas/lean-flow/schema.yaml": CUSTOM_SCHEMA,
      "openspec/schemas/lean-flow/templates/proposal.md": "## Why\n",
      "openspec/schemas/lean-flow/templates/tasks.md": "- [ ] 1.1 Task\n",
    });
    const listed = await catalog.call("openspec_schemas", { workdir: root });
    expect(listed).toMatchObject({
      ok: true,
      stdout: expect.arrayContaining([
        {
          name: "lean-flow",
          description: "Proposal and tasks only",
          artifacts: ["proposal", "tasks"],
          source: "project",
        },
        expect.objectContaining({ name: "spec-driven", source: "package" }),
      ]),
    });
    const which = await catalog.call("openspec_schemas", { workdir: root, name: "lean-flow" });
    expect(which).toMatchObject({
      ok: true,
      stdout: {
        name: "lean-flow",
        source: "project",
        path: join(realpathSync(root), "openspec/schemas/lean-flow"),
      },
    });
    const unknown = await catalog.call("openspec_schemas", { workdir: root, name: "nope" });
    expect(unknown).toMatchObject({
      ok: false,
      code: "unknown_schema",
      available: expect.arrayContaining(["lean-flow", "spec-driven"]),
    });
  });

  it("GIVEN a store registered with the OpenSpec CLI WHEN openspec_store_list runs THEN the CLI's store list comes back, checked", async () => {
    const { catalog, env } = makeCatalog();
    const folder = setUpOpenSpecStore(
      { ...env, OPENSPEC_BIN: REAL_OPENSPEC_BIN },
      "team-specs",
      join(temporaryFolder("stores-"), "team"),
    );
    const result = await catalog.call("openspec_store_list", {});
    expect(result).toMatchObject({
      ok: true,
      stdout: { stores: [{ id: "team-specs", root: folder }], status: [] },
    });
  });
});
