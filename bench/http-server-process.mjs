// One `openspec-mcp --http` process on 127.0.0.1 with a token of its own and
// the SDK's client, for the load figures (http-load, resource-sessions) and the reliability suite's
// load check: the server runs in a process of its own, so its memory and
// event loop are measured without the clients'.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";

/**
 * Starts the server from the built workspace at `root` with `env` (its
 * registry is `env.OPENSPEC_AGENT_DB`). `nodeArguments` go before the bin
 * (e.g. `--import` of a probe); `bin` is another build's bin to compare with;
 * `serverArguments` go after `--http --port 0`. Every session comes from one
 * token, so a load of many clients is not cut by the per-token session and
 * subscription caps unless `serverArguments` sets its own. `revision:
 * "2026-07-28"` makes `connect()` give the SDK v2 client pinned to that
 * revision (no session: every request stands alone) instead of a 2025 client
 * with a session; `callTool` takes the same arguments for both. Resolves once it listens.
 */
export async function startHttpServerProcess({
  root,
  env,
  revision = "2025-11-25",
  nodeArguments = [],
  serverArguments = ["--max-sessions-per-token", "1000", "--max-subscriptions-per-token", "100000"],
  bin = join(root, "apps/mcp-server/bin/openspec-mcp.js"),
}) {
  const requireFrom = createRequire(join(root, "apps/mcp-server/package.json"));
  const { Client } = await import(requireFrom.resolve("@modelcontextprotocol/sdk/client/index.js"));
  const { StreamableHTTPClientTransport } = await import(
    requireFrom.resolve("@modelcontextprotocol/sdk/client/streamableHttp.js")
  );
  const modern = revision === "2026-07-28";
  const v2 = modern ? await import(requireFrom.resolve("@modelcontextprotocol/client")) : undefined;
  const registry = await import(join(root, "packages/registry/dist/index.js"));
  // connectRegistry: the registry may be a SQLite file or a PostgreSQL URL (replicas).
  const opened = await registry.connectRegistry({
    path: env.OPENSPEC_AGENT_DB,
    env,
    home: env.HOME,
  });
  if (!opened.ok) throw new Error(opened.error);
  const created = await opened.registry.createAccessToken({
    name: `load-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
  });
  await opened.registry.close();
  if (!created.ok) throw new Error(created.error);
  const headers = { authorization: `Bearer ${created.secret}` };

  const server = spawn(
    process.execPath,
    [...nodeArguments, bin, "--http", "--port", "0", ...serverArguments],
    {
      // Every tool: the load figures call sources and tasks tools, which the default toolsets leave out.
      env: { OPENSPEC_AGENT_TOOLSETS: "all", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const stderr = [];
  const lines = createInterface({ input: server.stderr });
  lines.on("line", (line) => stderr.push(line));
  const url = await new Promise((resolve, reject) => {
    lines.on("line", (line) => {
      const found = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1];
      if (found) resolve(found);
    });
    server.once("exit", () =>
      reject(new Error(`openspec-mcp --http exited before listening:\n${stderr.join("\n")}`)),
    );
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));

  return {
    url,
    pid: server.pid,
    /** Every line the server wrote to stderr so far. */
    stderr,
    revision,
    /** A client of this server, or of `through` (a proxy in front of it and others). */
    async connect(through = url) {
      if (v2 !== undefined) {
        const client = new v2.Client(
          { name: "load", version: "0" },
          { versionNegotiation: { mode: { pin: revision } } },
        );
        await client.connect(
          new v2.StreamableHTTPClientTransport(new URL(through), { requestInit: { headers } }),
        );
        // The v2 client takes a call's options second; the 2025 client third.
        const callTool = client.callTool.bind(client);
        client.callTool = (params, _resultSchema, options) => callTool(params, options);
        return client;
      }
      const client = new Client({ name: "load", version: "0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(through), { requestInit: { headers } }),
      );
      return client;
    },
    /** DELETEs the session (a 2026-07-28 client has none), as a well-behaved client does, and closes the client. */
    async disconnect(client) {
      if (v2 === undefined) await client.transport?.terminateSession().catch(() => {});
      await client.close();
    },
    /** The server's resident memory now, in bytes. */
    rss: () => statusBytes(server.pid, "VmRSS"),
    /** The inotify watches the server holds now (one per watched folder). */
    inotifyWatches: () => countInotifyWatches(server.pid),
    async stop() {
      server.kill("SIGTERM");
      await exited;
    },
  };
}

function statusBytes(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1] ?? 0) * 1024;
}

function countInotifyWatches(pid) {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fdinfo`)) {
    let info;
    try {
      info = readFileSync(`/proc/${pid}/fdinfo/${fd}`, "utf8");
    } catch {
      continue;
    }
    count += info.split("\n").filter((line) => line.startsWith("inotify wd:")).length;
  }
  return count;
}
