import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { PUBLISHED_BIN } from "./sandbox.js";

export type RawServer = {
  child: ChildProcessWithoutNullStreams;
  /** Every line the server wrote to stdout so far. */
  stdoutLines: string[];
  stderr(): string;
  /** Writes text to the server's stdin as it is. */
  write(text: string): void;
  /** Writes one JSON-RPC message as a line. */
  send(message: Record<string, unknown>): void;
  /** Sends tools/call and returns its response. */
  callTool(
    id: number,
    name: string,
    args: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  /** The response with this id, once it arrives; rejects, naming the id, if the server's stdout closes first. */
  response(id: number): Promise<Record<string, unknown>>;
  /** Sends initialize and initialized, and waits for the answer. */
  initialize(): Promise<void>;
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * The published bin (the bundle) as a plain child process, with nothing between
 * the test and its pipes; `script` picks another entry, e.g. the unbundled build.
 */
export function spawnRawServer(
  env: Record<string, string>,
  args: string[] = [],
  script: string = PUBLISHED_BIN,
): RawServer {
  const child = spawn(process.execPath, [script, ...args], {
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const stdoutLines: string[] = [];
  const waiting = new Map<number, (message: Record<string, unknown> | undefined) => void>();
  const arrived = new Map<number, Record<string, unknown>>();
  let partial = "";
  let stderr = "";
  const exit = once(child, "exit");
  let stdoutClosed = false;
  child.stdout.once("close", () => {
    stdoutClosed = true;
    for (const answer of waiting.values()) answer(undefined);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  child.stdout.on("data", (chunk: Buffer) => {
    partial += chunk.toString("utf8");
    const lines = partial.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      stdoutLines.push(line);
      const message = tryParse(line);
      if (typeof message?.id !== "number") continue;
      arrived.set(message.id, message);
      waiting.get(message.id)?.(message);
    }
  });
  const server: RawServer = {
    child,
    stdoutLines,
    stderr: () => stderr,
    write: (text) => child.stdin.write(text),
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    callTool(id, name, args) {
      server.send({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
      return server.response(id);
    },
    response: (id) =>
      new Promise((resolve, reject) => {
        const answer = (message: Record<string, unknown> | undefined) =>
          message === undefined
            ? reject(new Error(`the server closed stdout without answering request ${id}`))
            : resolve(message);
        const known = arrived.get(id);
        if (known) resolve(known);
        else if (stdoutClosed) answer(undefined);
        else waiting.set(id, answer);
      }),
    async initialize() {
      server.send({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "raw", version: "0" },
        },
      });
      await server.response(0);
      server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    },
    async exited() {
      const [code, signal] = (await exit) as [number | null, NodeJS.Signals | null];
      return { code, signal };
    },
  };
  return server;
}

function tryParse(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
