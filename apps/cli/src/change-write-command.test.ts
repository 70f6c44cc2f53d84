import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  writeFiles,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

const CHANGE = "openspec/changes/add-dark-mode";

describe("change write, generated from openspec_change_write", () => {
  it("GIVEN a delta spec on stdin WHEN change write runs THEN the file is created as given and the path is printed", () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const delta =
      "## ADDED Requirements\r\n\r\n### Requirement: Contrast\r\nThe UI lets users pick contrast.\r\n";
    const run = runBin(
      ["change", "write", "add-dark-mode", "spec", "--spec", "contrast", "--content", "-"],
      {
        env,
        cwd: root,
        input: delta,
      },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`created ${CHANGE}/specs/contrast/spec.md`);
    expect(run.stdout).toMatch(/warning ADDED "Contrast" does not say SHALL or MUST/);
    expect(readFileSync(join(root, CHANGE, "specs/contrast/spec.md"), "utf8")).toBe(delta);
  });

  it("GIVEN an existing design WHEN change write runs from @file without and with --force THEN it is refused, then replaced", () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository({
      ...DARK_MODE_CHANGE,
      [`${CHANGE}/design.md`]: "# Old\n",
    });
    writeFiles(root, { "design-draft.md": "# Design\n\nNew.\n" });
    const run = (args: string[]) =>
      runBin(["change", "write", "add-dark-mode", "design", ...args], { env, cwd: root });
    const refused = run(["--content", "@design-draft.md", "--json"]);
    expect(refused.status).not.toBe(0);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, code: "artifact_exists" });
    const replaced = run(["--content", "@design-draft.md", "--force"]);
    expect(replaced.status).toBe(0);
    expect(replaced.stdout).toContain(`replaced ${CHANGE}/design.md`);
    expect(readFileSync(join(root, CHANGE, "design.md"), "utf8")).toBe("# Design\n\nNew.\n");
  });
});
