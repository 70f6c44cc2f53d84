import { realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  fakeOpenSpecBinary,
  isolatedEnvironment,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

// The workspace's own `node_modules/.bin/openspec`: pnpm writes it as a shell shim, not a link.
const PNPM_SHIM = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "..",
  "node_modules",
  ".bin",
  "openspec",
);
const PACKAGE_ROOT = realpathSync(join(dirname(REAL_OPENSPEC_BIN), ".."));

function tools(bin: string, json: boolean) {
  const { env } = isolatedEnvironment({ OPENSPEC_BIN: bin });
  return runBin(json ? ["tools", "--json"] : ["tools"], { env, cwd: temporaryFolder("cwd-") });
}

describe("openspec-agent tools: the warm pool line", () => {
  it("GIVEN OPENSPEC_BIN is pnpm's shim WHEN tools runs THEN it says the MCP server and the Hermes bridge can keep workers warm, through the shim", () => {
    const human = tools(PNPM_SHIM, false);
    const json = JSON.parse(tools(PNPM_SHIM, true).stdout);

    expect(human.stdout).toContain(
      `Warm pool: usable by the MCP server and the Hermes bridge (${PACKAGE_ROOT}, through a package manager's shim)`,
    );
    expect(json.warm_pool).toEqual({
      usable: true,
      package_root: PACKAGE_ROOT,
      via: "shim",
      reason: null,
    });
  });

  it("GIVEN OPENSPEC_BIN is a wrapper script WHEN tools runs THEN it says the pool is unavailable and why", () => {
    const wrapper = fakeOpenSpecBinary(`exec node ${JSON.stringify(REAL_OPENSPEC_BIN)} "$@"`);
    const reason = `${wrapper} is neither the bin of @fission-ai/openspec nor an npm or pnpm shim for it.`;

    const human = tools(wrapper, false);
    const json = JSON.parse(tools(wrapper, true).stdout);

    expect(human.stdout).toContain(
      `Warm pool: unavailable: ${reason} The MCP server and the Hermes bridge start the CLI cold`,
    );
    expect(json.warm_pool).toEqual({ usable: false, package_root: null, via: null, reason });
  });
});
