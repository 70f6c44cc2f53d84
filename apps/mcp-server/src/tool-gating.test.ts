import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { ALL_TOOLS, FILESYSTEM_TOOLS } from "./test-support/expected-tools.js";
import { openMcpHost } from "./test-support/open-mcp-host.js";
import { serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

/** Resolves on the next tools/list_changed notification the client receives. */
function nextListChanged(host: Awaited<ReturnType<typeof openMcpHost>>): Promise<void> {
  return new Promise((resolve) => {
    host.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
  });
}

describe("GIVEN no OpenSpec CLI anywhere the server looks", () => {
  it("WHEN the tools are listed THEN only the tools that need no CLI are offered, and a CLI tool called anyway gets the catalog's failure", async () => {
    const host = await openMcpHost({ env: serverEnvironment({ cli: false }).env });
    try {
      expect(await host.listTools()).toEqual(FILESYSTEM_TOOLS);
      // The log line says why, from the discovery failure's `error`.
      expect(host.stderr()).toContain(
        `offering the ${FILESYSTEM_TOOLS.length} tools that need no OpenSpec CLI: No executable openspec CLI was found`,
      );
      // Called anyway, a CLI tool answers as the catalog does: where the CLI was looked for, and how to get it.
      expect(await host.call("openspec_list", { workdir: "/tmp" })).toMatchObject({
        ok: false,
        code: "openspec_not_found",
        fix: expect.any(String),
      });
      expect(await host.call("openspec_source_list", {})).toEqual({
        ok: true,
        sources: [],
        total: 0,
      });
    } finally {
      await host.close();
    }
  });

  it("WHEN the CLI appears at OPENSPEC_BIN and later disappears THEN the client is told each time and the list follows", async () => {
    const binDir = join(temporaryFolder("late-bin-"), "bin");
    const lateBin = join(binDir, "openspec");
    const host = await openMcpHost({
      env: serverEnvironment({ cli: false, extra: { OPENSPEC_BIN: lateBin } }).env,
    });
    try {
      expect(await host.listTools()).toEqual(FILESYSTEM_TOOLS);

      const appeared = nextListChanged(host);
      mkdirSync(binDir);
      symlinkSync(REAL_OPENSPEC_BIN, lateBin);
      await appeared;
      expect(await host.listTools()).toEqual(ALL_TOOLS);
      expect(await host.call("openspec_list", { workdir: "/nonexistent" })).toMatchObject({
        ok: false,
        code: "invalid_workdir",
      });

      const disappeared = nextListChanged(host);
      rmSync(lateBin);
      await disappeared;
      expect(await host.listTools()).toEqual(FILESYSTEM_TOOLS);
    } finally {
      await host.close();
    }
  });
});
