import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { oneChangeValidationParts } from "./one-change-validation-parts.js";
import { cleanUp } from "./test-support/fixture.js";

afterEach(cleanUp);

const ONE_CHANGE = ["validate", "add-login", "--type", "change", "--strict", "--json"];

describe("what a one-change validation reads", () => {
  it("GIVEN a repository on the built-in schema WHEN one change is validated THEN its folder, the main specs and the config are walked and the list of changes is stat'ed, never the other changes", () => {
    const openspec = join(temporaryFolder("parts-"), "openspec");
    const parts = oneChangeValidationParts(ONE_CHANGE, openspec, join(openspec, "..", "data"));
    expect(parts?.walked).toContain(join(openspec, "changes", "add-login"));
    expect(parts?.walked).toContain(join(openspec, "specs"));
    expect(parts?.walked).toContain(join(openspec, "config.yaml"));
    expect(parts?.statted).toEqual([join(openspec, "changes")]);
  });

  it("GIVEN a project or user schema folder, a whole-repository or spec validation, or a name that is not one folder WHEN asked THEN everything is walked", () => {
    const root = temporaryFolder("parts-");
    const openspec = join(root, "openspec");
    const data = join(root, "data");
    expect(
      oneChangeValidationParts(["validate", "--all", "--json"], openspec, data),
    ).toBeUndefined();
    expect(
      oneChangeValidationParts(["validate", "auth", "--type", "spec"], openspec, data),
    ).toBeUndefined();
    expect(
      oneChangeValidationParts(["validate", "..", "--type", "change"], openspec, data),
    ).toBeUndefined();
    mkdirSync(join(data, "schemas"), { recursive: true });
    expect(oneChangeValidationParts(ONE_CHANGE, openspec, data)).toBeUndefined();
    expect(oneChangeValidationParts(ONE_CHANGE, openspec, join(root, "other"))).toBeDefined();
    mkdirSync(join(openspec, "schemas"), { recursive: true });
    expect(oneChangeValidationParts(ONE_CHANGE, openspec, join(root, "other"))).toBeUndefined();
  });
});
