import { makeOpenSpecRepository } from "@org/test-kit";
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
