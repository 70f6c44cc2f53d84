import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { createSpec } from "./create-spec.js";
import { openRepository } from "./open-repository.js";
import { resolveContext } from "./resolve-context.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const spec = {
  title: "Child",
  purpose: "A spec that must land in the child folder or nowhere at all, never in its ancestor.",
  requirements: [{ name: "Stay", description: "The system SHALL stay in its own folder." }],
};

/** An ancestor repository with a spec, and a child folder without openspec/ inside it. */
function ancestorWithChild() {
  const { root } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
  const child = join(root, "packages/child");
  mkdirSync(child, { recursive: true });
  return { ancestor: root, child };
}

describe("a registered source is its own root", () => {
  it("GIVEN a folder without openspec/ under an ancestor that has one WHEN opened as a source THEN its root is the folder itself, without openspec/", () => {
    const { child } = ancestorWithChild();
    expect(openRepository(child, { searchUpward: false })).toMatchObject({
      ok: true,
      repository: { root: child, hasOpenSpec: false, openspecDir: join(child, "openspec") },
    });
  });

  it("GIVEN the same folder opened as a workdir WHEN opened THEN it still finds the ancestor, as the CLI does", () => {
    const { ancestor, child } = ancestorWithChild();
    expect(openRepository(child)).toMatchObject({
      ok: true,
      repository: { root: ancestor, hasOpenSpec: true },
    });
  });

  it("GIVEN a source without openspec/ under an ancestor that has one WHEN a spec is created in it THEN no_openspec_root with a fix naming openspec init in that folder, and the ancestor's specs are unchanged", () => {
    const { ancestor, child } = ancestorWithChild();
    const opened = openRepository(child, { searchUpward: false });
    if (!opened.ok) throw new Error(opened.error);
    const created = createSpec(opened.repository, { name: "child", ...spec, force: true });
    expect(created).toMatchObject({ ok: false, code: "no_openspec_root" });
    expect(created.ok === false && created.fix).toContain(`{openspec} init\` in ${child}`);
    expect(readdirSync(join(ancestor, "openspec/specs"))).toEqual(["auth"]);
  });

  it("GIVEN a source without openspec/ under an ancestor that has one WHEN its context is read THEN nothing of the ancestor is listed or read", () => {
    const { child } = ancestorWithChild();
    const resolve = (name: string) => ({ ok: true as const, name, path: child });
    const bare = resolveContext("child", resolve);
    expect(bare).toMatchObject({ ok: true, path: child, specs: [], changes: [] });
    expect(resolveContext("child/auth", resolve)).toMatchObject({ ok: false });
  });
});
