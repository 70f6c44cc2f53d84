import { join } from "node:path";
import { AUTH_SPEC, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";

afterEach(cleanUp);

/** A monorepo whose OpenSpec folder sits beside one service, with a dependency's copy to skip. */
function monorepo(): string {
  const root = temporaryFolder("monorepo-");
  writeFiles(root, {
    "package.json": "{}\n",
    "services/api/openspec/specs/auth/spec.md": AUTH_SPEC,
    "node_modules/some-tool/openspec/specs/x/spec.md": AUTH_SPEC,
    ".cache/openspec/specs/x/spec.md": AUTH_SPEC,
  });
  return root;
}

describe("a monorepo registered at its root, its OpenSpec folder beside one service", () => {
  it("GIVEN the root registered WHEN its specs are listed THEN no_openspec_root names services/api/openspec and says to register that folder, not to init a second one, and the folder it names answers", async () => {
    const { catalog } = makeCatalog();
    const root = monorepo();
    await catalog.call("openspec_source_add", { path: root, name: "mono" });

    const listed = await catalog.call("openspec_list", { source: "mono", kind: "specs" });

    expect(listed).toMatchObject({
      ok: false,
      code: "no_openspec_root",
      error: `The source "mono" (${root}) has no openspec/ folder. Below it: services/api/openspec.`,
      fix: `Register the folder that holds it (${join(root, "services/api")}) with openspec_source_add, or pass it as workdir; run \`openspec init\` only for a project of its own at the root.`,
      nested_openspec: ["services/api"],
    });
    const named = await catalog.call("openspec_list", {
      workdir: join(root, "services/api"),
      kind: "specs",
    });
    expect(named).toMatchObject({ ok: true, stdout: { specs: [{ id: "auth" }] } });
  });

  it("GIVEN the root registered WHEN an agent starts with its context THEN the hint says where the OpenSpec project is and to register that folder, not to init one at the root", async () => {
    const { catalog } = makeCatalog();
    const root = monorepo();
    await catalog.call("openspec_source_add", { path: root, name: "mono" });

    const context = await catalog.call("openspec_context", { identifier: "mono" });

    expect(context).toMatchObject({
      ok: true,
      hint: `${root} has no openspec/ folder; its OpenSpec project is below it (services/api/openspec): register ${join(root, "services/api")} with openspec_source_add to reach it.`,
    });
  });

  it("GIVEN a monorepo's root WHEN it is registered THEN the answer notes where its OpenSpec project is and to register that folder; a folder with its own openspec/ gets no note", async () => {
    const { catalog } = makeCatalog();
    const root = monorepo();

    const added = await catalog.call("openspec_source_add", { path: root, name: "mono" });
    const inner = await catalog.call("openspec_source_add", {
      path: join(root, "services/api"),
      name: "api",
    });

    expect(added).toMatchObject({
      ok: true,
      source: { name: "mono", has_openspec: false },
      note: `${root} has no openspec/ folder; its OpenSpec project is below it (services/api/openspec): register ${join(root, "services/api")} with openspec_source_add to reach it.`,
    });
    expect(inner).toMatchObject({ ok: true, source: { name: "api", has_openspec: true } });
    expect(inner).not.toHaveProperty("note");
  });

  it("GIVEN a root with no OpenSpec folder anywhere below WHEN its changes are listed THEN the failure only says to initialise it", async () => {
    const { catalog } = makeCatalog();
    const root = temporaryFolder("plain-");
    writeFiles(root, { "src/index.ts": "export {};\n" });
    const added = await catalog.call("openspec_source_add", { path: root, name: "plain" });
    const listed = await catalog.call("openspec_list", { source: "plain" });

    expect(added).toMatchObject({ ok: true });
    expect(added).not.toHaveProperty("note");

    expect(listed).toMatchObject({
      ok: false,
      code: "no_openspec_root",
      fix: `Initialise it with \`openspec init\` in ${root}, then call again.`,
    });
    expect(listed).not.toHaveProperty("nested_openspec");
  });
});
