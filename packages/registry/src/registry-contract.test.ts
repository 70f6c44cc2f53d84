import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { AsyncRegistry } from "./async-registry.js";
import { connectRegistry } from "./connect-registry.js";
import { expectOk } from "./test-support/open-test-registry.js";
import {
  pgliteBackend,
  postgresBackend,
  type RegistryBackend,
  sqliteBackend,
} from "./test-support/registry-backends.js";
import { makeDir, useTempDirs } from "./test-support/temp-dir.js";

// One PostgreSQL server for the file; the last describe stops and starts it again (a cluster of its
// own would cost another initdb and server start, about a second of CPU).
const postgres = postgresBackend();
const backends: RegistryBackend[] = [sqliteBackend(), pgliteBackend(), postgres];

afterAll(async () => {
  for (const backend of backends) await backend.end();
});

describe.each(backends)("the registry on $name", (backend) => {
  const tempDir = useTempDirs();
  const opened: AsyncRegistry[] = [];
  afterEach(async () => {
    for (const registry of opened.splice(0)) await registry.close();
  });
  const fresh = async () => {
    const root = tempDir();
    const database = await backend.fresh(root);
    const open = async (options?: { busyTimeoutMs?: number }) => {
      const registry = await database.open(options);
      opened.push(registry);
      return registry;
    };
    return { root, database, registry: await open(), open };
  };

  it("GIVEN sources added by name and by folder WHEN they are listed, resolved, renamed and removed THEN every answer is the same as on every other database", async () => {
    const { root, registry } = await fresh();
    const billing = expectOk(
      await registry.add({ path: makeDir(root, "billing-service"), name: "billing" }),
    );
    const web = expectOk(await registry.add({ path: makeDir(root, "a/web") }));
    const otherWeb = expectOk(await registry.add({ path: makeDir(root, "b/web") }));

    expect(billing.source).toMatchObject({ name: "billing", displayName: "billing" });
    expect(billing.source.token).toMatch(/^os_[0-9a-f]{6}$/);
    expect((await registry.resolve("BILLING")).ok && billing.source.token).toBe(
      billing.source.token,
    );
    expect(await registry.resolve(billing.source.token.toUpperCase())).toEqual(billing);
    expect(await registry.resolve("web")).toMatchObject({
      ok: false,
      code: "ambiguous_source",
      candidates: [web.source, otherWeb.source],
    });
    expect(await registry.resolve("bilin")).toMatchObject({
      ok: false,
      code: "source_not_found",
      error: `No source is called "bilin"; closest: billing (${billing.source.token}); 3 sources are registered.`,
    });
    expect(await registry.add({ path: makeDir(root, "c"), name: "Web" })).toMatchObject({
      ok: false,
      code: "duplicate_source_name",
    });
    expect(await registry.add({ path: join(root, "billing-service") })).toMatchObject({
      ok: false,
      code: "duplicate_source_path",
      candidates: [billing.source],
    });
    symlinkSync(join(root, "billing-service"), join(root, "link"));
    expect(await registry.add({ path: join(root, "link") })).toMatchObject({
      ok: false,
      code: "duplicate_source_path",
    });

    const renamed = expectOk(await registry.update("billing", { name: "payments" }));
    expect(renamed.source).toMatchObject({ token: billing.source.token, name: "payments" });
    expect(renamed.source.createdAt).toBe(billing.source.createdAt);
    expect(await registry.update(otherWeb.source.token, { name: "payments" })).toMatchObject({
      ok: false,
      code: "duplicate_source_name",
    });
    expect(await registry.remove(web.source.token)).toEqual(web);
    expect(await registry.resolve("web")).toEqual(otherWeb);
    const listed = expectOk(await registry.list());
    expect(listed.sources.map((source) => source.displayName)).toEqual(["payments", "web"]);
    expect(await registry.remove("nothing")).toMatchObject({ ok: false, code: "source_not_found" });
  });

  it("GIVEN a token made for a bearer WHEN it is verified, listed and revoked THEN only its hash is kept and the revoked secret is refused", async () => {
    const { registry } = await fresh();
    const made = expectOk(await registry.createAccessToken({ name: "ci", readOnly: true }));

    expect(made.secret).toMatch(/^osk_[A-Za-z0-9_-]{43}$/);
    expect(await registry.createAccessToken({ name: "ci" })).toMatchObject({
      ok: false,
      code: "duplicate_access_token",
    });
    const verified = expectOk(await registry.verifyAccessToken(made.secret));
    expect(verified.token).toMatchObject({ id: made.token.id, name: "ci", readOnly: true });
    expect(verified.token.lastUsedAt).not.toBeNull();
    const otherLast = made.secret.endsWith("A") ? "B" : "A";
    expect(
      await registry.verifyAccessToken(`${made.secret.slice(0, -1)}${otherLast}`),
    ).toMatchObject({
      ok: false,
      code: "access_token_invalid",
    });
    expect(expectOk(await registry.listAccessTokens()).tokens.map((token) => token.name)).toEqual([
      "ci",
    ]);

    expect(await registry.revokeAccessToken(String(made.token.id))).toMatchObject({
      ok: true,
      token: { name: "ci" },
    });
    expect(await registry.verifyAccessToken(made.secret)).toMatchObject({
      ok: false,
      code: "access_token_invalid",
    });
    expect(await registry.revokeAccessToken("ci")).toMatchObject({
      ok: false,
      code: "access_token_not_found",
    });
  });

  it("GIVEN sources from another registry WHEN they are imported twice THEN they keep token, name and creation time, and the second run imports nothing", async () => {
    const { root, registry } = await fresh();
    const taken = expectOk(await registry.add({ path: makeDir(root, "taken") }));
    const rows = [
      { token: "os_00aa11", name: "api", path: makeDir(root, "api"), createdAt: 1_700_000_000_000 },
      { token: "os_00aa12", name: null, path: taken.source.path, createdAt: 1_700_000_000_000 },
      {
        token: "os_00aa13",
        name: "API",
        path: makeDir(root, "other"),
        createdAt: 1_700_000_000_000,
      },
      { token: "nope", name: null, path: root, createdAt: 0 },
    ];

    const first = expectOk(await registry.importSources(rows));
    expect(first.imported).toEqual([
      expect.objectContaining({
        token: "os_00aa11",
        name: "api",
        createdAt: "2023-11-14T22:13:20.000Z",
      }),
    ]);
    expect(first.skipped.map((skip) => skip.code)).toEqual([
      "duplicate_source_path",
      "duplicate_source_name",
      "invalid_token",
    ]);
    const second = expectOk(await registry.importSources(rows));
    expect(second.imported).toEqual([]);
    expect(second.skipped[0]).toMatchObject({ token: "os_00aa11", code: "already_imported" });
    expect(await registry.resolve("os_00aa11")).toEqual({ ok: true, source: first.imported[0] });
  });

  it("GIVEN two writers on one database WHEN both add the same folders and claim the same name at once THEN each folder and the name end up registered exactly once", async () => {
    const { root, registry, open } = await fresh();
    const other = await open();
    const folders = Array.from({ length: 12 }, (_, index) => makeDir(root, `repo-${index}`));

    const outcomes = await Promise.all(
      folders.flatMap((path, index) => [
        registry.add({ path, name: `name-${index % 3}` }),
        other.add({ path, name: `name-${index % 3}` }),
      ]),
    );

    const added = outcomes.filter((outcome) => outcome.ok);
    expect(added).toHaveLength(3);
    expect(
      new Set(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.code)),
    ).toEqual(new Set(["duplicate_source_path", "duplicate_source_name"]));
    const listed = expectOk(await other.list());
    expect(listed.sources.map((source) => source.name).sort()).toEqual([
      "name-0",
      "name-1",
      "name-2",
    ]);
  });
});

describe.each(backends.filter((backend) => backend.name !== "PGlite"))(
  "the registry on $name while another writer keeps the lock",
  (backend) => {
    const tempDir = useTempDirs();

    it("GIVEN another connection holds the write lock past the busy timeout WHEN adding a source THEN it answers registry_busy in one sentence, and reads still work", async () => {
      const root = tempDir();
      const database = await backend.fresh(root);
      const registry = await database.open({ busyTimeoutMs: 300 });
      const release = await database.holdWriteLock?.();
      if (release === undefined) throw new Error(`${backend.name} cannot hold the lock`);
      try {
        const result = await registry.add({ path: makeDir(root, "api") });

        expect(result).toMatchObject({ ok: false, code: "registry_busy" });
        if (!result.ok) expect(result.error).toMatch(/^The registry .+; try again.+\.$/);
        expect(await registry.list()).toEqual({ ok: true, sources: [] });
      } finally {
        await release();
        await registry.close();
      }
      expect(await registry.close()).toBeUndefined();
    });
  },
);

describe("the registry on a PostgreSQL server that stops", () => {
  const tempDir = useTempDirs();
  const backend = postgres;

  it("GIVEN no server listens at the URL WHEN the registry is opened THEN it answers registry_unreachable, naming the URL without its password", async () => {
    const folder = tempDir();
    const result = await connectRegistry({
      path: `postgresql://someone:secret@/registry?host=${encodeURIComponent(folder)}`,
      home: folder,
      env: {},
    });

    expect(result).toMatchObject({ ok: false, code: "registry_unreachable" });
    if (!result.ok) {
      expect(result.error).not.toContain("secret");
      expect(result.error).toMatch(/start the PostgreSQL server or fix the URL/);
    }
  });

  it("GIVEN a registry in use WHEN its server stops and starts again THEN calls meanwhile answer registry_unreachable and the same registry works again after", async () => {
    const root = tempDir();
    const database = await backend.fresh(root);
    const registry = await database.open();
    try {
      expectOk(await registry.add({ path: makeDir(root, "api") }));

      backend.server().stop();
      const down = [await registry.list(), await registry.add({ path: makeDir(root, "web") })];
      expect(down).toEqual([
        expect.objectContaining({ ok: false, code: "registry_unreachable" }),
        expect.objectContaining({ ok: false, code: "registry_unreachable" }),
      ]);
      expect(await registry.ping()).toMatchObject({ ok: false, code: "registry_unreachable" });

      backend.server().start();
      expect(await registry.ping()).toEqual({ ok: true });
      expect(expectOk(await registry.list()).sources.map((source) => source.displayName)).toEqual([
        "api",
      ]);
    } finally {
      await registry.close();
    }
  });
});
