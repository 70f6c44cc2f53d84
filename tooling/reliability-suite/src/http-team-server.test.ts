import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { hangingFake } from "./fake-cli/hanging-fake.js";
import { recordFigure } from "./figures/record-figure.js";
import {
  createToken,
  type HttpServerProcess,
  openRawSession,
  revokeToken,
  startHttpServerProcess,
} from "./processes/http-server-process.js";
import { killRecordedFake } from "./processes/kill-recorded-fake.js";
import { isGone, liveDescendants } from "./processes/process-state.js";
import { waitFor } from "./processes/wait-for.js";
import { makeSandbox, OUTSIDE_MARKER } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";
import { registerSource } from "./sandbox/register-source.js";
import { snapshotTree, treeChanges } from "./sandbox/snapshot-tree.js";

/** Far beyond a kill's grace: a process still there at this deadline was left behind. */
const GONE_WITHIN_MS = 15_000;
/** The default number of sessions one token may hold. */
const SESSIONS_PER_TOKEN = 20;

const servers: HttpServerProcess[] = [];
const pidFiles: string[] = [];
afterEach(async () => {
  await Promise.allSettled(servers.splice(0).map((server) => server.stop()));
  for (const file of pidFiles.splice(0)) killRecordedFake(file);
  removeTemporaryFolders();
});

async function serve(env: Record<string, string | undefined>, cwd: string, args: string[] = []) {
  const server = await startHttpServerProcess(env, cwd, args);
  servers.push(server);
  return server;
}

// The team HTTP server used to let one read-only token hold 989 sessions with
// open streams until a colleague got 503, keep them after the token was
// revoked, drop a read-only call's cancellation, let any token reach any
// folder by workdir, accept another site's Origin on the same host, and
// create the registry readable by every local user.
describe("openspec-mcp --http for a team", () => {
  it(`GIVEN a read-only token that opens sessions with open streams WHEN it passes ${SESSIONS_PER_TOKEN} THEN it gets 429 while a colleague still connects, and once another process revokes it every stream of it ends and its next request gets 401`, async () => {
    const sandbox = makeSandbox();
    const greedySecret = await createToken(sandbox.env, sandbox.home, "greedy", true);
    const colleagueSecret = await createToken(sandbox.env, sandbox.home, "colleague");
    const server = await serve(sandbox.env, sandbox.home);

    const streams = [];
    let refusedAt = 0;
    let refusal = "";
    for (let index = 1; index <= SESSIONS_PER_TOKEN + 5; index += 1) {
      const session = await openRawSession(server.url, greedySecret);
      if (session.status !== 200) {
        refusedAt = index;
        refusal = `${session.status}`;
        break;
      }
      streams.push({ session, stream: await session.openStream() });
    }
    const colleague = await openRawSession(server.url, colleagueSecret);
    const colleagueAnswer = await colleague.callTool("openspec_source_list", {});

    await revokeToken(sandbox.env, sandbox.home, "greedy");
    await Promise.all(streams.map(({ stream }) => stream.ended));
    const afterRevoke = await streams[0]?.session.post({ jsonrpc: "2.0", id: 9, method: "ping" });
    const colleagueAfter = await colleague.callTool("openspec_source_list", {});

    expect(streams.every(({ stream }) => stream.status === 200)).toBe(true);
    expect(refusedAt).toBe(SESSIONS_PER_TOKEN + 1);
    expect(refusal).toBe("429");
    expect(colleague.status).toBe(200);
    expect(colleagueAnswer).toMatchObject({ ok: true });
    expect(afterRevoke?.status).toBe(401);
    expect(colleagueAfter).toMatchObject({ ok: true });
    recordFigure(
      "HTTP token limits",
      `one token refused (429) at session ${refusedAt}; ${streams.length} open streams ended after tokens revoke`,
    );
  });

  it("GIVEN a read-only token and a CLI that hangs with a child WHEN openspec_list and openspec_validate are cancelled THEN no CLI process remains and the slot is free for the next call", async () => {
    const fake = hangingFake();
    pidFiles.push(fake.pidFile);
    const sandbox = makeSandbox({
      OPENSPEC_BIN: fake.bin,
      // The fake reports host pids and logs beside the repository: process mechanics, not confinement.
      OPENSPEC_AGENT_CONFINE: "off",
      OPENSPEC_AGENT_CLI_CONCURRENCY: "1",
      OPENSPEC_AGENT_CLI_TIMEOUT_MS: "600000",
    });
    // A repository of its own: shop's specs lead out of it on purpose, which a whole-repository
    // validation refuses before any CLI starts.
    await registerSource(sandbox.env, makeOpenSpecRepository({}, "plain"), "plain");
    const secret = await createToken(sandbox.env, sandbox.home, "reader", true);
    const server = await serve(sandbox.env, sandbox.home);
    const session = await openRawSession(server.url, secret);

    for (const [round, tool] of ["openspec_list", "openspec_validate"].entries()) {
      const pending = new AbortController();
      const requestId = `cancel-${round}`;
      killRecordedFake(fake.pidFile);
      const call = session
        .post(
          {
            jsonrpc: "2.0",
            id: requestId,
            method: "tools/call",
            params: { name: tool, arguments: { source: "plain" } },
          },
          pending.signal,
        )
        .catch(() => undefined);
      const started = await waitFor(
        () => fake.pids().length === 2 && fake.pids().every((pid) => !isGone(pid)),
        GONE_WITHIN_MS,
      );
      const pids = fake.pids();
      await session.post({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId, reason: "no longer needed" },
      });
      const gone = await waitFor(() => pids.every(isGone), GONE_WITHIN_MS);
      pending.abort();
      await call;

      expect(started, `${tool}: the fake CLI started`).toBe(true);
      expect(gone, `${tool}: pids ${pids.join(" ")} still there`).toBe(true);
    }
    expect(
      liveDescendants(server.child.pid ?? -1).filter((pid) => fake.pids().includes(pid)),
    ).toEqual([]);
  });

  it("GIVEN a registered source and a repository nobody registered WHEN a read-only token reads and a read-write token writes the latter by workdir THEN both are refused as workdir_not_allowed, nothing outside changes, and no answer names a folder of the server", async () => {
    const sandbox = makeSandbox({ OPENSPEC_BIN: undefined });
    await registerShop(sandbox);
    const unregistered = makeOpenSpecRepository(
      { "openspec/specs/secret/spec.md": `# Secret\n\n## Purpose\n\n${OUTSIDE_MARKER}\n` },
      "private",
    );
    const reader = await openRawSession(
      (await serve(sandbox.env, sandbox.home)).url,
      await createToken(sandbox.env, sandbox.home, "reader", true),
    );
    const writer = await openRawSession(
      servers[0]?.url ?? "",
      await createToken(sandbox.env, sandbox.home, "writer"),
    );
    const before = snapshotTree(dirname(unregistered), []);

    const read = await reader.callTool("openspec_spec_show", {
      workdir: unregistered,
      id: "secret",
    });
    const write = await writer.callTool("openspec_change_create", {
      workdir: unregistered,
      name: "add-leak",
      why: "A token should never reach a repository nobody registered on this server.",
      what_changes: ["Write a change outside every source"],
    });
    const listed = await reader.callTool("openspec_source_list", {});
    const overview = await reader.callTool("openspec_context", { identifier: "shop" });

    for (const refused of [read, write]) {
      expect(refused).toMatchObject({ ok: false, code: "workdir_not_allowed" });
      expect(JSON.stringify(refused)).not.toContain(OUTSIDE_MARKER);
    }
    expect(treeChanges(before, snapshotTree(dirname(unregistered), []))).toEqual([]);
    expect(listed).toMatchObject({ ok: true, sources: [{ name: "shop", path: "shop" }] });
    for (const answer of [listed, overview]) {
      expect(JSON.stringify(answer)).not.toContain(sandbox.root);
    }
  });

  it("GIVEN a fresh home WHEN the server creates the registry and a request comes from another site on this machine or without credentials THEN the file is 0600 in a 0700 folder, the Origins get 403 and the bare request a challenge without an error code", async () => {
    const sandbox = makeSandbox();
    const registry = join(sandbox.home, "team", "registry.db");
    const env = { ...sandbox.env, OPENSPEC_AGENT_DB: registry };
    const server = await serve(env, sandbox.home);
    // The server opens (so creates) the registry to answer its health check.
    const health = await fetch(server.url.replace("/mcp", "/healthz"));
    const fileMode = statSync(registry).mode & 0o777;
    const folderMode = statSync(dirname(registry)).mode & 0o777;
    const secret = await createToken(env, sandbox.home, "ci");
    const own = `http://127.0.0.1:${server.port}`;

    const statuses: Record<string, number> = {};
    for (const origin of ["http://localhost:8080", `https://127.0.0.1:${server.port}`, own]) {
      statuses[origin] = (await openRawSession(server.url, secret, { origin })).status;
    }
    const bare = await fetch(server.url, { method: "POST", body: "{}" });
    const wrong = await fetch(server.url, {
      method: "POST",
      body: "{}",
      headers: { authorization: `Bearer osk_${"x".repeat(43)}` },
    });

    expect(health.status).toBe(503); // no CLI in this sandbox; the registry is readable
    expect(await health.json()).toMatchObject({ registry_readable: true });
    expect(fileMode).toBe(0o600);
    expect(folderMode).toBe(0o700);
    expect(statuses).toEqual({
      "http://localhost:8080": 403,
      [`https://127.0.0.1:${server.port}`]: 403,
      [own]: 200,
    });
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toBe('Bearer realm="openspec"');
    expect(wrong.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});
