import { join } from "node:path";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

function setUp(extraEnv: Record<string, string> = {}) {
  const { env } = isolatedEnvironment(extraEnv);
  const root = makeOpenSpecRepository();
  return { root, run: (args: string[]) => runBin(args, { env, cwd: root }) };
}

describe("openspec-agent mcp config", () => {
  it("GIVEN --db and -w WHEN a Claude Code snippet is printed THEN both reach its env and the scope is local", () => {
    const { root, run } = setUp();
    const printed = run(["mcp", "config", "--client", "claude", "--db", "reg.db", "-w", "."]);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain("--scope local");
    expect(printed.stdout).toContain(`OPENSPEC_AGENT_DB=${join(root, "reg.db")}`);
    expect(printed.stdout).toContain(`OPENSPEC_AGENT_WORKDIR=${root}`);
  });

  it("GIVEN --client codex and --db WHEN the snippet is printed THEN it is the [mcp_servers.openspec] table of ~/.codex/config.toml, with the registry in its env table", () => {
    const { root, run } = setUp();
    const printed = run(["mcp", "config", "--client", "codex", "--db", "reg.db"]);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toMatch(/^\[mcp_servers\.openspec\]\ncommand = "/);
    expect(printed.stdout).toContain("\n[mcp_servers.openspec.env]\n");
    expect(printed.stdout).toContain(`OPENSPEC_AGENT_DB = ${JSON.stringify(join(root, "reg.db"))}`);
  });

  it("GIVEN --db before the subcommand and --workdir after it WHEN a Cursor snippet is printed THEN its env block holds both", () => {
    const { root, run } = setUp();
    const printed = run([
      "--db",
      "/tmp/other.db",
      "mcp",
      "config",
      "--client",
      "cursor",
      "--workdir",
      root,
    ]);
    expect(printed.status).toBe(0);
    const config = JSON.parse(printed.stdout);
    expect(config.mcpServers.openspec.env).toEqual({
      OPENSPEC_AGENT_DB: "/tmp/other.db",
      OPENSPEC_AGENT_WORKDIR: root,
    });
  });

  it("GIVEN --openspec-bin WHEN a Hermes snippet is printed THEN OPENSPEC_BIN is under env:", () => {
    const { run } = setUp();
    const printed = run([
      "mcp",
      "config",
      "--client",
      "hermes",
      "--openspec-bin",
      "/opt/openspec/bin/openspec",
    ]);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain('      OPENSPEC_BIN: "/opt/openspec/bin/openspec"');
  });

  it("GIVEN OPENSPEC_BIN in the shell WHEN a snippet is printed without --openspec-bin THEN the snippet carries it, since clients do not pass the shell's environment", () => {
    const { run } = setUp({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const printed = run(["mcp", "config", "--client", "claude"]);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain(`OPENSPEC_BIN=${REAL_OPENSPEC_BIN}`);
    expect(printed.stdout).toContain("--scope user");
  });
});
