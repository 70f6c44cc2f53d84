import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, makeOpenSpecRepository, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

describe("openspec_show: the CLI's refusal is said once", () => {
  it("GIVEN a change whose proposal has no Why section WHEN it is shown THEN the error carries the CLI's reason exactly once", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({
      "openspec/changes/add-login/proposal.md": "# Add login\n\n## What Changes\n- Login.\n",
    });
    const result = await catalog.call("openspec_show", {
      workdir: root,
      target: "add-login",
      type: "change",
    });
    expect(result).toMatchObject({ ok: false, code: "exit_nonzero" });
    if (result.ok) return;
    expect(result.error).toBe(
      "The openspec CLI exited with code 1. show_error: Change must have a Why section",
    );
  });
});

describe("openspec_show: a file symlinked out of a real folder", () => {
  it("GIVEN a real spec folder whose spec.md is a symlink out WHEN it is shown THEN path_outside_repository, and the outside text never comes back", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const outside = join(temporaryFolder("elsewhere-"), "spec.md");
    writeFileSync(outside, AUTH_SPEC.replace("# Auth", "# OUTSIDE-SECRET"));
    mkdirSync(join(root, "openspec/specs/leak"));
    symlinkSync(outside, join(root, "openspec/specs/leak/spec.md"));
    const result = await catalog.call("openspec_show", {
      workdir: root,
      target: "leak",
      type: "spec",
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(JSON.stringify(result)).not.toContain("OUTSIDE-SECRET");
  });
});
