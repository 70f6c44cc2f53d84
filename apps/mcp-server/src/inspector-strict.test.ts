import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { toolCatalog } from "@org/openspec-core";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { PUBLISHED_BIN } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

const INSPECTOR = fileURLToPath(
  new URL(
    "../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js",
    import.meta.url,
  ),
);
const LOOSE_SERVER = fileURLToPath(
  new URL("./test-support/loose-schema-server.mjs", import.meta.url),
);

type Listed = { name: string; inputSchema?: { type?: unknown }; outputSchema?: { type?: unknown } };

/**
 * `inspector --cli --method tools/list --strict <server>` on the Node running
 * the tests (the Inspector 2.x needs 22.19 or later, the workspace's floor), in
 * a home of its own.
 */
function inspectToolList(server: readonly string[]) {
  const home = temporaryFolder("inspector-home-");
  const run = spawnSync(
    process.execPath,
    [
      INSPECTOR,
      "--cli",
      "--method",
      "tools/list",
      "--strict",
      "-e",
      `OPENSPEC_AGENT_DB=${home}/registry.db`,
      "-e",
      `OPENSPEC_BIN=${REAL_OPENSPEC_BIN}`,
      "-e",
      "OPENSPEC_AGENT_TOOLSETS=all",
      "--",
      ...server,
    ],
    { env: { HOME: home, PATH: process.env.PATH ?? "" }, encoding: "utf8", timeout: 120_000 },
  );
  // The server's own log lines pass through the Inspector's stderr; everything else is the Inspector's.
  const findings = run.stderr
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("[openspec-mcp] "));
  return { status: run.status, stdout: run.stdout, findings };
}

describe("GIVEN the MCP Inspector 2.x CLI", () => {
  it("WHEN it lists our server's tools with --strict THEN it reports nothing and every tool has an input and an output schema", () => {
    const { status, stdout, findings } = inspectToolList([process.execPath, PUBLISHED_BIN]);
    expect(findings).toEqual([]);
    expect(status).toBe(0);
    const { tools } = JSON.parse(stdout) as { tools: Listed[] };
    expect(tools.map((tool) => tool.name)).toEqual(toolCatalog.map((tool) => tool.name));
    for (const tool of tools) {
      expect(tool.inputSchema?.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
  });

  it("WHEN it lists a server with a type list and an empty schema THEN it warns about both, so the check above is a real one", () => {
    const { findings } = inspectToolList([process.execPath, LOOSE_SERVER]);
    const text = findings.join("\n");
    expect(text).toContain("inputSchema.properties.name");
    expect(text).toContain("outputSchema.properties.payload");
    expect(text).toMatch(/0 errors, 2 warnings across 1 tool/);
  });
});
