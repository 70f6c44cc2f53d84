import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isolatedEnvironment, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runCommand } from "./test-support/run-command.js";

afterEach(removeTemporaryFolders);

describe("openspec-agent tokens", () => {
  it("GIVEN a registry WHEN a person creates, lists and revokes a token THEN the secret is printed once and stored nowhere in clear", async () => {
    const { home, env } = isolatedEnvironment();
    const db = join(home, "team.db");

    const created = await runCommand(
      ["--db", db, "tokens", "create", "--name", "ci", "--read-only"],
      {
        env,
        cwd: home,
      },
    );
    const secret = created.stdout.trim();
    const listed = await runCommand(["--db", db, "tokens", "list", "--json"], { env, cwd: home });
    const shown = await runCommand(["--db", db, "tokens", "list"], { env, cwd: home });
    const revoked = await runCommand(["--db", db, "tokens", "revoke", "ci"], { env, cwd: home });
    const again = await runCommand(["--db", db, "tokens", "revoke", "ci"], { env, cwd: home });

    expect(created.status).toBe(0);
    expect(secret).toMatch(/^osk_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain("shown this once");
    expect(JSON.parse(listed.stdout)).toMatchObject({
      ok: true,
      tokens: [{ id: 1, name: "ci", read_only: true, last_used_at: null }],
    });
    expect(listed.stdout + shown.stdout).not.toContain(secret);
    expect(shown.stdout).toMatch(/ci\s+read-only/);
    expect(readFileSync(db).includes(secret)).toBe(false);
    expect(revoked.status).toBe(0);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("access_token_not_found");
  });

  it("GIVEN a token name in use WHEN creating it again THEN exit 1 with duplicate_access_token and nothing printed on stdout", async () => {
    const { home, env } = isolatedEnvironment();
    await runCommand(["tokens", "create", "--name", "ci"], { env, cwd: home });

    const second = await runCommand(["tokens", "create", "--name", "ci"], { env, cwd: home });

    expect(second.status).toBe(1);
    expect(second.stdout).toBe("");
    expect(second.stderr).toContain("duplicate_access_token");
  });

  it("GIVEN HTTP options without --http WHEN running mcp THEN it is a usage error", async () => {
    const { home, env } = isolatedEnvironment();

    const run = await runCommand(["mcp", "--port", "3845"], { env, cwd: home });

    expect(run.status).toBe(2);
    expect(run.stderr).toContain("need --http");
  });
});
