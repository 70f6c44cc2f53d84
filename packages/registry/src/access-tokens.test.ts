import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createAccessToken } from "./create-access-token.js";
import { listAccessTokens } from "./list-access-tokens.js";
import { registryDataVersion } from "./registry-data-version.js";
import { revokeAccessToken } from "./revoke-access-token.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { verifyAccessToken } from "./verify-access-token.js";

const lockHolder = fileURLToPath(new URL("./test-support/hold-write-lock.mjs", import.meta.url));

describe("access tokens for the MCP server over HTTP", () => {
  const { freshRegistry, openTestRegistry } = useRegistrySandbox();

  it("GIVEN a new token WHEN the file is read THEN only its SHA-256 is stored and the secret verifies", () => {
    const { registry } = freshRegistry();
    const created = expectOk(createAccessToken(registry, { name: "ci", readOnly: true }));

    expect(created.secret).toMatch(/^osk_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: "ci", readOnly: true, lastUsedAt: null });
    const raw = new Database(registry.path, { readonly: true });
    const rows = raw.prepare("SELECT * FROM access_tokens").all();
    raw.close();
    expect(JSON.stringify(rows)).not.toContain(created.secret);
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(4));
    const verified = expectOk(verifyAccessToken(registry, created.secret));
    expect(verified.token).toMatchObject({ id: created.token.id, name: "ci", readOnly: true });
    expect(verified.token.lastUsedAt).not.toBeNull();
  });

  it("GIVEN a server's open connection WHEN another connection revokes a token THEN the server's data version changes, and not when nothing was written", () => {
    const { root, registry: server } = freshRegistry();
    const other = openTestRegistry(root, server.path);
    expectOk(createAccessToken(other, { name: "laptop" }));
    const before = registryDataVersion(server);
    const unchanged = registryDataVersion(server);

    expectOk(revokeAccessToken(other, "laptop"));
    const after = registryDataVersion(server);
    other.close();

    expect(before).toBeTypeOf("number");
    expect(unchanged).toBe(before);
    expect(after).not.toBe(before);
  });

  it("GIVEN tokens WHEN listing THEN names, flags and times come back and no secret or hash", () => {
    const { registry } = freshRegistry();
    const first = expectOk(createAccessToken(registry, { name: "ci" }));
    expectOk(createAccessToken(registry, { name: "reader", readOnly: true }));

    const listed = expectOk(listAccessTokens(registry)).tokens;

    expect(listed.map((token) => [token.name, token.readOnly])).toEqual([
      ["ci", false],
      ["reader", true],
    ]);
    expect(JSON.stringify(listed)).not.toContain(first.secret);
    expect(Object.keys(listed[0] ?? {}).sort()).toEqual(
      ["createdAt", "id", "lastUsedAt", "name", "readOnly"].sort(),
    );
  });

  it("GIVEN a token name in use WHEN creating another THEN duplicate_access_token", () => {
    const { registry } = freshRegistry();
    expectOk(createAccessToken(registry, { name: "ci" }));

    expect(createAccessToken(registry, { name: "ci" })).toMatchObject({
      ok: false,
      code: "duplicate_access_token",
    });
    expect(createAccessToken(registry, { name: " padded" })).toMatchObject({
      ok: false,
      code: "invalid_name",
    });
  });

  it("GIVEN a token WHEN it is revoked by name or by id THEN its secret no longer verifies", () => {
    const { registry } = freshRegistry();
    const byName = expectOk(createAccessToken(registry, { name: "ci" }));
    const byId = expectOk(createAccessToken(registry, { name: "laptop" }));

    expectOk(revokeAccessToken(registry, "ci"));
    expectOk(revokeAccessToken(registry, String(byId.token.id)));

    expect(verifyAccessToken(registry, byName.secret)).toMatchObject({
      ok: false,
      code: "access_token_invalid",
    });
    expect(verifyAccessToken(registry, byId.secret)).toMatchObject({ ok: false });
    expect(revokeAccessToken(registry, "ci")).toMatchObject({
      ok: false,
      code: "access_token_not_found",
    });
  });

  it("GIVEN secrets that are malformed, or well formed but unknown WHEN verifying THEN access_token_invalid", () => {
    const { registry } = freshRegistry();
    const real = expectOk(createAccessToken(registry, { name: "ci" }));
    const forged = `osk_${"A".repeat(43)}`;

    for (const secret of ["", "Bearer x", real.secret.slice(0, -1), `${real.secret}x`, forged]) {
      expect(verifyAccessToken(registry, secret)).toMatchObject({
        ok: false,
        code: "access_token_invalid",
      });
    }
  });

  it("GIVEN another process holds the write lock WHEN verifying a token THEN it answers at once without waiting for the lock", async () => {
    const { registry } = freshRegistry();
    const created = expectOk(createAccessToken(registry, { name: "ci" }));
    const holder = spawn(process.execPath, [lockHolder, registry.path, "1500"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await once(holder.stdout, "data");
    try {
      const verified = verifyAccessToken(registry, created.secret);
      expect(verified).toMatchObject({ ok: true, token: { name: "ci" } });
      // The bookkeeping write was skipped, not waited for.
      expect(verified.ok && verified.token.lastUsedAt).toBeNull();
      expect(holder.exitCode).toBeNull();
    } finally {
      await once(holder, "exit");
    }
  });

  it("GIVEN two connections to one file WHEN one creates and then revokes a token THEN the other sees both at once", () => {
    const { root, registry } = freshRegistry();
    const server = openTestRegistry(root, registry.path);
    const created = expectOk(createAccessToken(registry, { name: "ci" }));

    expect(verifyAccessToken(server, created.secret)).toMatchObject({ ok: true });
    expectOk(revokeAccessToken(registry, "ci"));
    expect(verifyAccessToken(server, created.secret)).toMatchObject({ ok: false });
  });
});
