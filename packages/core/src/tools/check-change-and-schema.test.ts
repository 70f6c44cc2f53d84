import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { RUN_MODES } from "../test-support/run-modes.js";

afterEach(cleanUp);

const MARKER = "OUTSIDE-TEMPLATE-TEXT";
const PINNED_SCHEMA = join(
  import.meta.dirname,
  "../../node_modules/@fission-ai/openspec/schemas/spec-driven",
);
const PROPOSAL = "## Why\nBecause.\n\n## What Changes\n- Something.\n";

/** A repository whose project schema `stolen` is a symlink to a working schema outside it. */
function repositoryWithSchemaOutside(files: Record<string, string> = {}) {
  const outside = temporaryFolder("outside-schema-");
  cpSync(PINNED_SCHEMA, outside, { recursive: true });
  const schemaFile = join(outside, "schema.yaml");
  writeFileSync(
    schemaFile,
    readFileSync(schemaFile, "utf8").replace(/^name: .*$/m, "name: stolen"),
  );
  writeFileSync(join(outside, "templates/proposal.md"), `## Why\n${MARKER}\n`);
  const root = makeOpenSpecRepository(files);
  mkdirSync(join(root, "openspec/schemas"), { recursive: true });
  symlinkSync(outside, join(root, "openspec/schemas/stolen"));
  return { root, outside };
}

describe.each(RUN_MODES)(
  "a project schema symlinked out of the repository, named to the typed tools, $mode",
  ({ env, refusedWith, available }) => {
    if (!available) it.skip("this machine cannot confine a run", () => {});
    else {
      it.each([
        ["openspec_status", { change: "add-login", schema: "stolen" }],
        ["openspec_instructions", { artifact: "proposal", change: "add-login", schema: "stolen" }],
      ])(
        "GIVEN the schema stolen, a symlink out WHEN %s names it (%j) THEN refused before the CLI reads it, or nothing of it reaches a confined CLI",
        async (tool, input) => {
          const { catalog } = makeCatalog({ env });
          const { root, outside } = repositoryWithSchemaOutside({
            "openspec/changes/add-login/proposal.md": PROPOSAL,
          });
          const result = await catalog.call(tool, { workdir: root, ...input });
          expect(result).toMatchObject(
            refusedWith === undefined
              ? { ok: false }
              : {
                  ok: false,
                  code: refusedWith,
                  error: expect.stringContaining("openspec/schemas/stolen"),
                },
          );
          expect(JSON.stringify(result)).not.toContain(MARKER);
          expect(JSON.stringify(result)).not.toContain(outside);
        },
      );

      it.each([
        ["named by the call", {}, { schema: "stolen" }],
        ["named by openspec/config.yaml", { "openspec/config.yaml": "schema: stolen\n" }, {}],
      ])(
        "GIVEN no change yet and the schema stolen, a symlink out, %s WHEN proposal instructions are asked THEN refused, or confined, and no template from outside",
        async (_how, files, input) => {
          const { catalog } = makeCatalog({ env });
          const { root } = repositoryWithSchemaOutside(files);
          const result = await catalog.call("openspec_instructions", {
            workdir: root,
            artifact: "proposal",
            ...input,
          });
          expect(result).toMatchObject({ ok: false, ...(refusedWith && { code: refusedWith }) });
          expect(JSON.stringify(result)).not.toContain(MARKER);
        },
      );

      it.each([
        ["its .openspec.yaml", { "openspec/changes/add-login/.openspec.yaml": "schema: stolen\n" }],
        ["openspec/config.yaml", { "openspec/config.yaml": "schema: stolen\n" }],
      ])(
        "GIVEN the change add-login whose schema, named by %s, is stolen, a symlink out WHEN status and instructions name no schema THEN refused, or confined, and nothing from outside",
        async (_by, files) => {
          const { catalog } = makeCatalog({ env });
          const { root } = repositoryWithSchemaOutside({
            "openspec/changes/add-login/proposal.md": PROPOSAL,
            ...files,
          });
          for (const [tool, input] of [
            ["openspec_status", { change: "add-login" }],
            ["openspec_instructions", { artifact: "proposal" }],
          ] as const) {
            const result = await catalog.call(tool, { workdir: root, ...input });
            expect(result, tool).toMatchObject({
              ok: false,
              ...(refusedWith && { code: refusedWith }),
            });
            expect(JSON.stringify(result)).not.toContain(MARKER);
          }
        },
      );
    }
  },
);

describe("a project schema inside the repository", () => {
  it("GIVEN the same schema as a real folder inside the repository WHEN instructions name it THEN its template comes back", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({ "openspec/changes/add-login/proposal.md": PROPOSAL });
    const inside = join(root, "openspec/schemas/stolen");
    cpSync(PINNED_SCHEMA, inside, { recursive: true });
    writeFileSync(
      join(inside, "schema.yaml"),
      readFileSync(join(inside, "schema.yaml"), "utf8").replace(/^name: .*$/m, "name: stolen"),
    );
    writeFileSync(join(inside, "templates/proposal.md"), `## Why\n${MARKER}\n`);
    const result = await catalog.call("openspec_instructions", {
      workdir: root,
      artifact: "proposal",
      change: "add-login",
      schema: "stolen",
    });
    expect(result).toMatchObject({ ok: true });
    expect(JSON.stringify(result)).toContain(MARKER);
  });
});
