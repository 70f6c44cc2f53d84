import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp } from "./test-support/fixture.js";
import { wholeValidationParts } from "./whole-validation-parts.js";

afterEach(cleanUp);

function folders() {
  const root = temporaryFolder("whole-parts-");
  const openspec = join(root, "openspec");
  mkdirSync(join(openspec, "changes"), { recursive: true });
  return { openspec, data: join(root, "data") };
}

describe("which validations of everything can be brought up to date change by change", () => {
  it("GIVEN the catalog's validation of all or of the changes WHEN asked THEN it has parts, and one change's validation takes the same flags in validateArgs' order", () => {
    const { openspec, data } = folders();
    for (const scope of ["--all", "--changes"]) {
      const parts = wholeValidationParts(
        ["validate", scope, "--strict", "--json", "--no-interactive"],
        openspec,
        data,
      );
      expect(parts?.changesFolder).toBe(join(openspec, "changes"));
      expect(parts?.rest.statted).toEqual([join(openspec, "changes")]);
      expect(parts?.rest.walked).toContain(join(openspec, "specs"));
      expect(parts?.oneChangeArgs("add-login")).toEqual(
        "validate add-login --type change --strict --json --no-interactive".split(" "),
      );
    }
  });

  it.each([
    ["one item", ["validate", "add-login", "--type", "change", "--json"]],
    ["the specs alone", ["validate", "--specs", "--json"]],
    ["text output", ["validate", "--all", "--strict"]],
    ["two scopes", ["validate", "--all", "--changes", "--json"]],
    ["a store", ["validate", "--all", "--json", "--store", "team"]],
    ["a flag it does not know", ["validate", "--all", "--json", "--concurrency", "1"]],
    ["another command", ["list", "--json"]],
  ])("GIVEN %s WHEN asked THEN it has none", (_what, args) => {
    const { openspec, data } = folders();
    expect(wholeValidationParts(args, openspec, data)).toBeUndefined();
  });

  it.each([
    ["the project", (paths: { openspec: string; data: string }) => join(paths.openspec, "schemas")],
    [
      "the user's data folder",
      (paths: { openspec: string; data: string }) => join(paths.data, "schemas"),
    ],
  ])(
    "GIVEN schemas in %s, which may track task files outside a change WHEN asked THEN it has none",
    (_where, schemas) => {
      const paths = folders();
      mkdirSync(schemas(paths), { recursive: true });
      expect(
        wholeValidationParts(["validate", "--all", "--json"], paths.openspec, paths.data),
      ).toBeUndefined();
    },
  );
});
