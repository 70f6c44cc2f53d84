import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { ALL_TOOLS, FILESYSTEM_TOOLS } from "./test-support/expected-tools.js";
import { openMcpDoor } from "./test-support/mcp-door.js";
import { serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

/** Resolves on the next tools/list_changed notification the client receives. */
function nextListChanged(door: Awaited<ReturnType<typeof openMcpDoor>>): Promise<void> {
  return new Promise((resolve) => {
    door.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
  });
}

describe("GIVEN no OpenSpec CLI anywhere the server looks", () => {
  it("WHEN the tools are listed THEN only the 9 registry and filesystem tools are offered", async () => {
    const door = await openMcpDoor({ env: serverEnvironment({ cli: false }).env });
    try {
      expect(await door.listTools()).toEqual(FILESYSTEM_TOOLS);
      expect(await door.call("openspec_list", { workdir: "/tmp" })).toMatchObject({
        ok: false,
        code: "tool_unavailable",
      });
      expect(await door.call("openspec_source_list", {})).toEqual({
        ok: true,
        sources: [],
        total: 0,
      });
    } finally {
      await door.close();
    }
  });

  it("WHEN the CLI appears at OPENSPEC_BIN and later disappears THEN the client is told each time and the list follows", async () => {
    const binDir = join(temporaryFolder("late-bin-"), "bin");
    const lateBin = join(binDir, "openspec");
    const door = await openMcpDoor({
      env: serverEnvironment({ cli: false, extra: { OPENSPEC_BIN: lateBin } }).env,
    });
    try {
      expect(await door.listTools()).toEqual(FILESYSTEM_TOOLS);

      const appeared = nextListChanged(door);
      mkdirSync(binDir);
      symlinkSync(REAL_OPENSPEC_BIN, lateBin);
      await appeared;
      expect(await door.listTools()).toEqual(ALL_TOOLS);
      expect(await door.call("openspec_list", { workdir: "/nonexistent" })).toMatchObject({
        ok: false,
        code: "invalid_workdir",
      });

      const disappeared = nextListChanged(door);
      rmSync(lateBin);
      await disappeared;
      expect(await door.listTools()).toEqual(FILESYSTEM_TOOLS);
    } finally {
      await door.close();
    }
  });
});
