import { describe, expect, it } from "vitest";
import { findExternalSpecWrites } from "./find-external-spec-writes.js";

describe("findExternalSpecWrites", () => {
  it("GIVEN the CLI's warning printed twice for one folder and once for another WHEN read THEN each write is listed once", () => {
    const stderr = [
      "(node:10663) OpenSpecExternalSpecWrite: Capability 'auth' links outside the project; writing to /srv/shared/auth",
      "(Use `node --trace-warnings ...` to show where the warning was created)",
      "(node:10663) OpenSpecExternalSpecWrite: Capability 'auth' links outside the project; writing to /srv/shared/auth",
      "(node:10663) OpenSpecExternalSpecWrite: Capability 'ui' links outside the project; writing to /srv/ui",
      "",
    ].join("\n");
    expect(findExternalSpecWrites(stderr)).toEqual([
      { capability: "auth", folder: "/srv/shared/auth" },
      { capability: "ui", folder: "/srv/ui" },
    ]);
  });

  it("GIVEN the warning's type in other words WHEN read THEN it still counts, with the folder unknown", () => {
    expect(
      findExternalSpecWrites("(node:1) OpenSpecExternalSpecWrite: spec written elsewhere\n"),
    ).toEqual([{ capability: "", folder: null }]);
  });

  it("GIVEN a clean archive's output WHEN read THEN there is no external write", () => {
    expect(findExternalSpecWrites('{"archive":{"change":"x"}}\n')).toEqual([]);
  });
});
