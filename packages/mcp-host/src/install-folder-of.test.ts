import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { installFolderOf } from "./install-folder-of.js";

afterEach(removeTemporaryFolders);

describe("installFolderOf: the folder a program installed from npm lies in", () => {
  it("GIVEN a CLI in a project's pnpm store, reached through a link WHEN asked THEN the project that holds node_modules", async () => {
    const app = temporaryFolder("install-");
    const bin =
      "node_modules/.pnpm/@fission-ai+openspec@1.13.2/node_modules/@fission-ai/openspec/bin/openspec.js";
    writeFiles(app, { "package.json": "{}", [bin]: "" });
    mkdirSync(join(app, "bin"));
    symlinkSync(join(app, bin), join(app, "bin", "openspec"));
    expect(await installFolderOf(join(app, "bin", "openspec"))).toBe(app);
  });

  it("GIVEN a global install (no project above node_modules) WHEN asked THEN the node_modules folder, not the folder holding it", async () => {
    const lib = temporaryFolder("install-");
    writeFiles(lib, { "node_modules/@fission-ai/openspec/bin/openspec.js": "" });
    expect(
      await installFolderOf(join(lib, "node_modules/@fission-ai/openspec/bin/openspec.js")),
    ).toBe(join(lib, "node_modules"));
  });

  it("GIVEN a workspace package of a checkout WHEN asked THEN the checkout, the outermost folder with package.json and node_modules", async () => {
    const checkout = temporaryFolder("install-");
    writeFiles(checkout, {
      "package.json": "{}",
      "node_modules/.keep": "",
      "packages/mcp-host/package.json": "{}",
      "packages/mcp-host/node_modules/.keep": "",
      "packages/mcp-host/dist/index.js": "",
    });
    writeFileSync(join(checkout, "packages", ".keep"), "");
    expect(await installFolderOf(join(checkout, "packages/mcp-host/dist/index.js"))).toBe(checkout);
  });
});
