import {
  fakeOpenSpecBinary,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { spawnRawServer } from "./test-support/raw-server.js";
import { serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

describe("GIVEN the built server with OPENSPEC_BIN pointing at a wrapper script", () => {
  it("WHEN two CLI-backed calls run THEN both answer, cold, and stderr says once, on one line, why the warm pool is unavailable", async () => {
    // A wrapper around the real CLI: it works, but a warm worker cannot stand in for it.
    const wrapper = fakeOpenSpecBinary(`exec node ${JSON.stringify(REAL_OPENSPEC_BIN)} "$@"`);
    const server = spawnRawServer(
      serverEnvironment({
        cli: false,
        // Confined, a wrapper sees only its own folder, not the CLI it runs: the subject is the notice.
        extra: { OPENSPEC_BIN: wrapper, OPENSPEC_AGENT_CONFINE: "off" },
      }).env,
    );
    const workdir = makeOpenSpecRepository();
    await server.initialize();

    for (const id of [1, 2]) {
      expect(await server.callTool(id, "openspec_list", { workdir })).toMatchObject({
        result: { structuredContent: { ok: true } },
      });
    }
    server.child.stdin.end();
    await server.exited();

    const lines = server
      .stderr()
      .split("\n")
      .filter((line) => line.includes("warm pool"));
    expect(lines).toEqual([
      `[openspec-mcp] warm pool unavailable: ${wrapper} is neither the bin of @fission-ai/openspec nor an npm or pnpm shim for it. Every CLI-backed call starts the CLI cold.`,
    ]);
  });
});
