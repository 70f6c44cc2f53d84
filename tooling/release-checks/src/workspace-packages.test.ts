import { describe, expect, it } from "vitest";
import { publishablePackages, workspacePackages } from "./workspace-packages.js";

describe("which packages are published", () => {
  it("GIVEN the workspace WHEN its packages are read THEN every tooling package is private, and the libraries and apps are published", () => {
    const all = workspacePackages();
    const published = new Set(publishablePackages().map((pkg) => pkg.folder));
    for (const pkg of all) {
      if (pkg.folder.startsWith("tooling/"))
        expect(published.has(pkg.folder), pkg.folder).toBe(false);
    }
    expect([...published]).toEqual(
      expect.arrayContaining([
        "packages/core",
        "apps/cli",
        "apps/mcp-server",
        "apps/hermes-plugin",
      ]),
    );
  });
});
