import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { createSpec } from "./create-spec.js";
import { describeRepository } from "./describe-repository.js";
import { listSpecs } from "./list-specs.js";
import { showSpec } from "./show-spec.js";
import { makeRepository, openedRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const spec = {
  title: "Auth",
  purpose: "Let people sign in with their email address and a password they chose.",
  requirements: [{ name: "Sign in", description: "The system SHALL sign a person in." }],
};

describe("a hostile filesystem", () => {
  it("GIVEN a spec name that runs through a file WHEN showing it THEN spec_not_found, not a crash (ENOTDIR)", () => {
    const { repository } = makeRepository({
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "openspec/changes/add-dark-mode/proposal.md": "# P\n",
      "openspec/changes/add-dark-mode/specs/ui/spec.md": "## ADDED Requirements\n",
    });
    expect(showSpec(repository, { name: "auth/spec.md" })).toMatchObject({
      ok: false,
      code: "spec_not_found",
    });
    expect(showSpec(repository, { name: "ui/spec.md", change: "add-dark-mode" })).toMatchObject({
      ok: false,
      code: "spec_not_found",
    });
  });

  it("GIVEN a spec folder that is a symlink to itself WHEN showing and listing THEN answers come back (ELOOP)", () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    symlinkSync(join(root, "openspec/specs/loop"), join(root, "openspec/specs/loop"));
    expect(showSpec(repository, { name: "loop" })).toMatchObject({
      ok: false,
      code: "spec_not_found",
    });
    expect(listSpecs(repository)).toEqual({ ok: true, change: null, specs: ["auth"] });
  });

  it("GIVEN a change folder that is a symlink out of the repository WHEN listing its specs THEN nothing outside is named", () => {
    const outside = temporaryFolder("outside-");
    writeFiles(outside, { "specs/outside/spec.md": AUTH_SPEC, "proposal.md": "# P\n" });
    const { root, repository } = makeRepository();
    symlinkSync(outside, join(root, "openspec/changes/escape"));
    const listed = listSpecs(repository, { change: "escape" });
    expect(listed).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(JSON.stringify(listed)).not.toContain('outside"');
  });

  it("GIVEN openspec/specs is a symlink out of the repository WHEN listing and describing THEN no outside spec is named", () => {
    const outside = temporaryFolder("outside-");
    writeFiles(outside, { "outside/spec.md": AUTH_SPEC });
    const root = temporaryFolder("repo-");
    mkdirSync(join(root, "openspec/changes"), { recursive: true });
    symlinkSync(outside, join(root, "openspec/specs"));
    const repository = openedRepository(root);
    expect(listSpecs(repository)).toEqual({ ok: true, change: null, specs: [] });
    expect(describeRepository(repository).specs).toEqual([]);
    const missing = showSpec(repository, { name: "ghost" });
    expect(JSON.stringify(missing)).not.toContain("outside");
  });

  it("GIVEN spec.md is a FIFO WHEN creating the spec with force THEN the call returns instead of blocking", () => {
    const { root, repository } = makeRepository();
    mkdirSync(join(root, "openspec/specs/auth"));
    execFileSync("mkfifo", [join(root, "openspec/specs/auth/spec.md")]);
    expect(createSpec(repository, { name: "auth", force: true, ...spec })).toMatchObject({
      ok: true,
      overwritten: true,
    });
    expect(readFileSync(join(root, "openspec/specs/auth/spec.md"), "utf8")).toContain("# Auth");
  });
});
