import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isolatedEnvironment, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_BIN } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

const APPS = join(import.meta.dirname, "..", "..");

/** Runs the installed bin with Node reporting `version` (a preload sets it), as on an older Node. */
function runOn(version: string, bin: string, args: string[]) {
  const folder = temporaryFolder("older-node-");
  const claim = join(folder, "claim.cjs");
  writeFileSync(
    claim,
    `Object.defineProperty(process.versions, "node", { value: ${JSON.stringify(version)} });\n`,
  );
  return spawnSync(process.execPath, ["--require", claim, bin, ...args], {
    env: isolatedEnvironment().env,
    cwd: folder,
    encoding: "utf8",
  });
}

describe("the apps on a Node older than the floor", () => {
  it("GIVEN Node 20.20.2 WHEN a user runs openspec-agent --version or openspec-mcp THEN one sentence says which Node it needs, nothing else runs, and it exits 1", () => {
    const cli = runOn("20.20.2", CLI_BIN, ["--version"]);
    expect(cli.stderr).toBe(
      "openspec-agent needs Node 22.12 or later, and this is Node 20.20.2: install a current Node (nvm install 22, fnm install 22, or https://nodejs.org/) and run it again.\n",
    );
    expect(cli.stdout).toBe("");
    expect(cli.status).toBe(1);

    const mcp = runOn("20.20.2", join(APPS, "mcp-server", "bin", "openspec-mcp.js"), []);
    expect(mcp.stderr).toMatch(
      /^openspec-mcp needs Node 22\.12 or later, and this is Node 20\.20\.2:/,
    );
    expect(mcp.status).toBe(1);
  });

  it("GIVEN Node 22.11.0 and 22.12.0 WHEN openspec-agent --version runs THEN the first is refused and the second prints the version", () => {
    expect(runOn("22.11.0", CLI_BIN, ["--version"]).status).toBe(1);
    const floor = runOn("22.12.0", CLI_BIN, ["--version"]);
    expect(floor.stderr).toBe("");
    expect(floor.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(floor.status).toBe(0);
  });

  it("GIVEN the apps' package.json WHEN read THEN engines names the floor the start file checks", () => {
    for (const app of ["cli", "mcp-server", "dashboard"]) {
      const manifest = JSON.parse(readFileSync(join(APPS, app, "package.json"), "utf8"));
      expect(manifest.engines.node, `apps/${app}/package.json`).toBe(">=22.12");
    }
  });
});
