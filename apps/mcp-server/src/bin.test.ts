import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { AUTH_SPEC, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { openMcpHost } from "./test-support/open-mcp-host.js";
import { BUILT_SERVER, serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

describe("GIVEN the built server's command line", () => {
  it("WHEN it starts with --workdir THEN calls without source or workdir use that repository", async () => {
    const shop = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const host = await openMcpHost({
      env: serverEnvironment({ cli: false }).env,
      args: ["--workdir", shop],
    });
    try {
      expect(await host.call("openspec_spec_list", {})).toMatchObject({
        ok: true,
        specs: ["auth"],
      });
    } finally {
      await host.close();
    }
  });

  it("WHEN OPENSPEC_AGENT_WORKDIR is set THEN calls without source or workdir use that repository", async () => {
    const shop = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const host = await openMcpHost({
      env: serverEnvironment({ cli: false, extra: { OPENSPEC_AGENT_WORKDIR: shop } }).env,
    });
    try {
      expect(await host.call("openspec_spec_show", { name: "auth" })).toMatchObject({
        ok: true,
        title: "Auth",
      });
    } finally {
      await host.close();
    }
  });

  it("WHEN it is asked for --version or --help THEN it prints them and exits without serving", () => {
    const { version } = JSON.parse(
      readFileSync(new URL("../package.json", import.meta.url), "utf8"),
    ) as {
      version: string;
    };
    const printed = spawnSync(process.execPath, [BUILT_SERVER, "--version"], { encoding: "utf8" });
    expect(printed).toMatchObject({ status: 0, stdout: `${version}\n` });
    const help = spawnSync(process.execPath, [BUILT_SERVER, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("--workdir <path>");
    expect(help.stdout).toContain("OPENSPEC_AGENT_DB");
    expect(help.stdout).toContain("--http");
    const wrong = spawnSync(process.execPath, [BUILT_SERVER, "--listen", "80"], {
      encoding: "utf8",
    });
    expect(wrong).toMatchObject({ status: 2, stdout: "" });
    expect(wrong.stderr).toContain('Unknown argument "--listen"');
    const httpOnly = spawnSync(process.execPath, [BUILT_SERVER, "--port", "80"], {
      encoding: "utf8",
    });
    expect(httpOnly).toMatchObject({ status: 2, stdout: "" });
    expect(httpOnly.stderr).toContain("need --http");
  });
});
