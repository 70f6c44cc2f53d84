import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { type IncomingMessage, request } from "node:http";
import { createInterface } from "node:readline";
import { CLI_BIN, MCP_BIN, runProcess } from "@org/host-harness";

/** `openspec-mcp --http` as a team runs it, on 127.0.0.1 port 0, with its stderr kept. */
export type HttpServerProcess = {
  url: string;
  port: number;
  child: ChildProcessWithoutNullStreams;
  log: string[];
  stop(): Promise<void>;
};

export async function startHttpServerProcess(
  env: Record<string, string | undefined>,
  cwd: string,
  args: readonly string[] = [],
): Promise<HttpServerProcess> {
  const definedEnv = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const child = spawn(
    process.execPath,
    [MCP_BIN, "--http", "--host", "127.0.0.1", "--port", "0", ...args],
    { env: definedEnv, cwd },
  );
  child.stdout.resume();
  const log: string[] = [];
  const exited = once(child, "exit");
  let url = "";
  const lines = createInterface({ input: child.stderr });
  lines.on("line", (line) => log.push(line));
  for await (const line of lines) {
    url = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1] ?? "";
    if (url !== "") break;
  }
  if (url === "") throw new Error(`openspec-mcp --http did not start: ${log.join("\n")}`);
  createInterface({ input: child.stderr }).on("line", (line) => log.push(line));
  return {
    url,
    port: Number(new URL(url).port),
    child,
    log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** `openspec-agent tokens create --name <name>` in the sandbox's registry: the token's secret. */
export async function createToken(
  env: Record<string, string | undefined>,
  cwd: string,
  name: string,
  readOnly = false,
): Promise<string> {
  const run = await runProcess(
    process.execPath,
    [CLI_BIN, "tokens", "create", "--name", name, "--json", ...(readOnly ? ["--read-only"] : [])],
    { env, cwd },
  );
  return (JSON.parse(run.stdout) as { secret: string }).secret;
}

/** `openspec-agent tokens revoke <name>`: another process, as an operator runs it. */
export async function revokeToken(
  env: Record<string, string | undefined>,
  cwd: string,
  name: string,
): Promise<void> {
  const run = await runProcess(process.execPath, [CLI_BIN, "tokens", "revoke", name], {
    env,
    cwd,
  });
  if (run.exitCode !== 0) throw new Error(`tokens revoke failed: ${run.stderr}`);
}

export type RawAnswer = { status: number; headers: Headers; body: string };

const PROTOCOL = "2025-06-18";

/** A session opened over raw HTTP, the way a client's bytes reach the server. */
export type RawSession = {
  status: number;
  id: string;
  /** POSTs one JSON-RPC message in the session; the answer's body is read whole. */
  post(message: unknown, signal?: AbortSignal): Promise<RawAnswer>;
  /** A tool call's `structuredContent`, read from the SSE answer. */
  callTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Opens the session's GET stream; `ended` settles when the server ends it. */
  openStream(): Promise<{ status: number; ended: Promise<void>; close(): void }>;
};

export async function openRawSession(
  url: string,
  secret: string | undefined,
  extraHeaders: Record<string, string> = {},
): Promise<RawSession> {
  const auth: Record<string, string> =
    secret === undefined ? {} : { authorization: `Bearer ${secret}` };
  const send = async (
    message: unknown,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<RawAnswer> => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...auth,
        ...extraHeaders,
        ...headers,
      },
      body: JSON.stringify(message),
      ...(signal === undefined ? {} : { signal }),
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  const init = await send(
    {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: PROTOCOL,
        capabilities: {},
        clientInfo: { name: "reliability", version: "0" },
      },
    },
    {},
  );
  const id = init.headers.get("mcp-session-id") ?? "";
  const inSession = { "mcp-session-id": id, "mcp-protocol-version": PROTOCOL };
  if (init.status === 200) {
    await send({ jsonrpc: "2.0", method: "notifications/initialized" }, inSession);
  }
  let nextId = 1;
  return {
    status: init.status,
    id,
    post: (message, signal) => send(message, inSession, signal),
    async callTool(name, args) {
      const callId = nextId++;
      const answer = await send(
        { jsonrpc: "2.0", id: callId, method: "tools/call", params: { name, arguments: args } },
        inSession,
      );
      for (const line of answer.body.split("\n")) {
        const data = line.startsWith("data:") ? line.slice(5).trim() : line.trim();
        if (!data.startsWith("{")) continue;
        const message = JSON.parse(data) as {
          id?: number;
          result?: { structuredContent?: Record<string, unknown> };
        };
        if (message.id === callId && message.result?.structuredContent !== undefined) {
          return message.result.structuredContent;
        }
      }
      throw new Error(`no tool result for ${name}: ${answer.status} ${answer.body.slice(0, 300)}`);
    },
    openStream() {
      const target = new URL(url);
      return new Promise((resolve, reject) => {
        const sent = request(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: "GET",
            headers: { accept: "text/event-stream", ...auth, ...extraHeaders, ...inSession },
          },
          (response: IncomingMessage) => {
            const ended = new Promise<void>((done) => {
              response.on("close", () => done());
              response.on("error", () => done());
            });
            response.resume();
            resolve({
              status: response.statusCode ?? 0,
              ended,
              close: () => response.destroy(),
            });
          },
        );
        sent.on("error", reject);
        sent.end();
      });
    },
  };
}
