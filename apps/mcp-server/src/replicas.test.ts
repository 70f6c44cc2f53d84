import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createCatalog } from "@org/openspec-core";
import { accessTokenCommands } from "@org/openspec-mcp-host";
import {
  fakeOpenSpecBinary,
  isolatedEnvironment,
  makeOpenSpecRepository,
  type NginxProxy,
  type PostgresServer,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  startNginxProxy,
  startPostgresServer,
} from "@org/test-kit";
import { legacyClientValidator, modernClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type HttpProcess,
  startHttpProcess,
  stopHttpProcess,
} from "./test-support/http-process.js";
import { PUBLISHED_BIN } from "./test-support/sandbox.js";

const REVISION = "2026-07-28";

/** A replica: the process, its name (what its session ids start with) and its port. */
type Replica = { name: string; port: number; process: HttpProcess };

/**
 * Waits until `check` answers something other than undefined, trying every
 * 25 ms; the deadline only guards against a hang and names what was awaited.
 */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  deadlineMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The port of the replica nginx says answered: the last address it tried (`a, b` when it moved on). */
function answeringPort(upstream: string | null): number {
  const last = (upstream ?? "").split(",").at(-1)?.trim() ?? "";
  return Number(last.split(":").at(-1));
}

/** A fetch that records which replica gave each answer, by port. */
function recordingFetch(answeredBy: number[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    answeredBy.push(answeringPort(response.headers.get("x-upstream")));
    return response;
  };
}

/**
 * The real CLI behind a script that `hold` rewrites: while held, its
 * `new change` waits (`sleep 300`) until killed, so a test can kill the
 * replica while a change_create call is in the middle of its run. The
 * replicas run it unconfined: a confined run binds the installed OpenSpec
 * package of its binary, and a stand-in script belongs to none.
 */
function holdableCli(): { bin: string; hold(held: boolean): void } {
  const script = (held: boolean) =>
    [
      ...(held ? ['if [ "$1" = new ]; then exec /bin/sleep 300; fi'] : []),
      `exec "${process.execPath}" "${REAL_OPENSPEC_BIN}" "$@"`,
    ].join("\n");
  const bin = fakeOpenSpecBinary(script(false));
  // Written aside and renamed over it: each replica runs it every 2 s to see that the CLI is there.
  const hold = (held: boolean): void => {
    writeFileSync(`${bin}.next`, `#!/bin/sh\n${script(held)}\n`, { mode: 0o755 });
    renameSync(`${bin}.next`, bin);
  };
  return { bin, hold };
}

/** SIGKILL to a process that may have ended already. */
function stopProcess(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Gone already.
  }
}

/** The parent of a process, from /proc (0 once it is gone). */
function parentOf(pid: number): number {
  try {
    return Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** A held `new change` (a `sleep 300`) running under one of these processes: its pid and that process. */
function heldRun(under: readonly number[]): { pid: number; under: number } | undefined {
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let command = "";
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (command !== "/bin/sleep\u0000300\u0000") continue;
    for (let ancestor = parentOf(pid); ancestor > 1; ancestor = parentOf(ancestor)) {
      if (under.includes(ancestor)) return { pid, under: ancestor };
    }
  }
  return undefined;
}

describe("GIVEN two openspec-mcp --http replicas on one PostgreSQL registry behind nginx", () => {
  let postgres: PostgresServer;
  let proxy: NginxProxy;
  let registryUrl: string;
  let repository: string;
  let secret: string;
  let cliEnv: Record<string, string>;
  const replicas: Replica[] = [];
  const clis: ReturnType<typeof holdableCli>[] = [];
  let held: { pid: number; under: number } | undefined;
  const openClients: { close(): Promise<void> }[] = [];

  /** The operator's registry, on any machine: the library calls `openspec-agent --db <registry> sources add` and `tokens` make. */
  const store = () => ({ registryPath: registryUrl, env: cliEnv });
  const createToken = async (name: string): Promise<string> => {
    const created = await accessTokenCommands.create(store(), name, false);
    if (!created.ok) throw new Error(`token ${name} was not made: ${JSON.stringify(created)}`);
    return String(created.secret);
  };

  /** The SDK v2 client pinned to 2026-07-28 through the proxy; `answeredBy` gets each answer's replica port. */
  const modernClient = async (token: string, answeredBy: number[]) => {
    const client = new Client(
      { name: "replicas-test", version: "0" },
      {
        jsonSchemaValidator: modernClientValidator,
        versionNegotiation: { mode: { pin: REVISION } },
      },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(proxy.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
        fetch: recordingFetch(answeredBy),
      }),
    );
    openClients.push(client);
    return client;
  };

  const changesOf = async (client: Client): Promise<string[]> => {
    const listed = await client.callTool({ name: "openspec_list", arguments: { source: "shop" } });
    const stdout = (listed.structuredContent as { stdout?: { changes?: { name: string }[] } })
      .stdout;
    return (stdout?.changes ?? []).map((change) => change.name).sort();
  };

  beforeAll(async () => {
    postgres = startPostgresServer();
    registryUrl = postgres.createDatabase();
    cliEnv = Object.fromEntries(
      Object.entries(isolatedEnvironment().env).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    repository = makeOpenSpecRepository({}, "shop");
    const catalog = createCatalog(store());
    try {
      const added = await catalog.call("openspec_source_add", { path: repository, name: "shop" });
      if (!added.ok) throw new Error(`source shop was not added: ${JSON.stringify(added)}`);
    } finally {
      catalog.close();
    }
    secret = await createToken("agents");
    for (const name of ["replica-1", "replica-2"]) {
      const openspec = holdableCli();
      clis.push(openspec);
      // The published bin, as an operator installs it.
      const server = await startHttpProcess([], {
        extraEnv: {
          OPENSPEC_AGENT_DB: registryUrl,
          OPENSPEC_AGENT_REPLICA: name,
          OPENSPEC_BIN: openspec.bin,
          // A confined run binds the OpenSpec package its binary belongs to; this stand-in script belongs to none.
          OPENSPEC_AGENT_CONFINE: "off",
        },
        bin: PUBLISHED_BIN,
      });
      replicas.push({ name, port: Number(new URL(server.url).port), process: server });
    }
    proxy = await startNginxProxy(replicas.map(({ name, port }) => ({ name, port })));
  });

  afterAll(async () => {
    await Promise.allSettled(openClients.map((client) => client.close()));
    await Promise.allSettled(replicas.map((replica) => stopHttpProcess(replica.process)));
    if (held !== undefined) stopProcess(held.pid);
    await proxy?.stop();
    postgres?.remove();
    removeTemporaryFolders();
  });

  it("WHEN a 2026-07-28 client calls through the proxy with the token the operator made once THEN both replicas answer it, with no session, and every answer is the same", async () => {
    const answeredBy: number[] = [];
    const client = await modernClient(secret, answeredBy);
    const answers: string[] = [];
    for (let call = 0; call < 4; call += 1) {
      const listed = await client.callTool({ name: "openspec_source_list", arguments: {} });
      answers.push(JSON.stringify(listed.structuredContent));
    }

    expect(new Set(answeredBy)).toEqual(new Set(replicas.map((replica) => replica.port)));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toContain('"name":"shop"');
  });

  it("WHEN a change is written through one replica THEN the other, which had listed the changes before, lists it at once", async () => {
    const answeredBy: number[] = [];
    const client = await modernClient(secret, answeredBy);
    // Each replica lists first, so a replica that kept a listing in memory would answer it stale.
    const before = new Map<number, string[]>();
    await until("both replicas to answer a listing", async () => {
      const changes = await changesOf(client);
      before.set(answeredBy.at(-1) ?? 0, changes);
      return before.size === 2 ? true : undefined;
    });
    const written = await client.callTool({
      name: "openspec_change_create",
      arguments: {
        source: "shop",
        name: "add-invoices",
        why: "Customers ask for invoices they can file with their accounts each month.",
        what_changes: ["Send an invoice with every order."],
      },
    });
    const writer = answeredBy.at(-1);
    const other = await until("the other replica to answer a listing", async () => {
      const changes = await changesOf(client);
      return answeredBy.at(-1) !== writer ? changes : undefined;
    });

    expect(written.structuredContent).toEqual(expect.objectContaining({ ok: true }));
    expect([...before.values()]).toEqual([[], []]);
    expect(other).toEqual(["add-invoices"]);
  });

  it("WHEN a 2025 client opens a session through the proxy THEN its id names the replica that made it and every later call of the session is answered there", async () => {
    const answeredBy: number[] = [];
    const client = new LegacyClient(
      { name: "replicas-2025", version: "0" },
      { jsonSchemaValidator: legacyClientValidator },
    );
    await client.connect(
      new LegacyTransport(new URL(proxy.url), {
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
        fetch: recordingFetch(answeredBy),
      }),
    );
    openClients.push(client);
    const sessionId = (client.transport as LegacyTransport).sessionId ?? "";
    const made = replicas.find((replica) => sessionId.startsWith(`${replica.name}.`));
    for (let call = 0; call < 6; call += 1) {
      await client.callTool({ name: "openspec_list", arguments: { source: "shop" } });
    }

    expect(made).toBeDefined();
    expect(new Set(answeredBy)).toEqual(new Set([made?.port]));
    expect(answeredBy.length).toBeGreaterThanOrEqual(7);
  });

  it("WHEN the operator revokes a token THEN each replica refuses it within the deadline, through the proxy too", async () => {
    const figures: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const token = await createToken(`short-${round}`);
      const discover = (url: string) =>
        fetch(url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-protocol-version": REVISION,
            "mcp-method": "server/discover",
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "server/discover",
            params: {
              _meta: {
                "io.modelcontextprotocol/protocolVersion": REVISION,
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
              },
            },
          }),
        }).then((response) => response.status);
      const served = await Promise.all(replicas.map((replica) => discover(replica.process.url)));
      expect(served).toEqual([200, 200]);
      const revoked = await accessTokenCommands.revoke(store(), `short-${round}`);
      expect(revoked).toMatchObject({ ok: true });
      const revokedAt = performance.now();
      await Promise.all(
        replicas.map(async (replica) => {
          await until(
            `${replica.name} to refuse the revoked token short-${round}`,
            async () => ((await discover(replica.process.url)) === 401 ? true : undefined),
            5_000,
          );
          figures.push(performance.now() - revokedAt);
        }),
      );
      expect(await discover(proxy.url)).toBe(401);
    }
    figures.sort((a, b) => a - b);
    console.log(
      `revoked token refused by each replica: p50 ${figures[Math.floor(figures.length / 2)]?.toFixed(0)} ms, max ${figures.at(-1)?.toFixed(0)} ms (${figures.length} refusals)`,
    );
  });

  it("WHEN the replica running a change_create is killed mid-call THEN the client's retry is answered by the other, the change has every file whole, and a 2025 session of the dead replica gets 404 from the other (open a new session) instead of 502", async () => {
    const answeredBy: number[] = [];
    const client = await modernClient(secret, answeredBy);
    const tasks = [{ title: "Invoices", items: ["Render the invoice", "Mail it"] }];
    const create = () =>
      client.callTool({
        name: "openspec_change_create",
        arguments: {
          source: "shop",
          name: "mail-receipts",
          why: "Customers lose paper receipts and ask support for copies every single week.",
          what_changes: ["Mail a receipt with every order."],
          design: "# Design\n\nReceipts go out with the order confirmation.\n",
          tasks,
        },
      });
    for (const openspec of clis) openspec.hold(true);
    const first = create().then(
      () => "answered",
      (error: unknown) => `failed: ${String(error)}`,
    );
    const running = replicas.map((replica) => replica.process.child.pid ?? 0);
    held = await until(
      "a replica's CLI run of new change to start (sleep 300 under a replica)",
      () => heldRun(running),
    );
    const killed = replicas.find((replica) => replica.process.child.pid === held?.under);
    const survivor = replicas.find((replica) => replica !== killed);
    killed?.process.child.kill("SIGKILL");
    const interrupted = await first;
    for (const openspec of clis) openspec.hold(false);
    stopProcess(held.pid);
    held = undefined;
    const retried = await create();
    const changeDir = join(repository, "openspec", "changes", "mail-receipts");
    // A request of a session the dead replica held, as its 2025 client sends it next.
    const orphaned = await fetch(proxy.url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${secret}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": `${killed?.name}.${randomUUID()}`,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }),
    });

    expect(orphaned.status).toBe(404);
    expect(answeringPort(orphaned.headers.get("x-upstream"))).toBe(survivor?.port);
    expect(interrupted).toMatch(/^failed: /);
    expect(retried.structuredContent).toEqual(expect.objectContaining({ ok: true }));
    expect(answeredBy.at(-1)).toBe(survivor?.port);
    expect(readdirSync(changeDir).sort()).toEqual([
      ".openspec.yaml",
      "design.md",
      "proposal.md",
      "tasks.md",
    ]);
    expect(readFileSync(join(changeDir, "tasks.md"), "utf8")).toBe(
      "# Tasks\n\n## 1. Invoices\n\n- [ ] 1.1 Render the invoice\n- [ ] 1.2 Mail it\n",
    );
    // No half-made change folder is left beside it.
    expect(readdirSync(join(repository, "openspec", "changes")).sort()).toEqual([
      "add-invoices",
      "archive",
      "mail-receipts",
    ]);
  });
});
