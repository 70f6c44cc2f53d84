import { PassThrough, type Readable, Writable } from "node:stream";
import { findOpenSpec } from "@org/openspec-cli-runner";
import { earlyRequest } from "./early-request.js";
import { readStartupAnswers, type StartupAnswers, startupAnswer } from "./startup-answers.js";

/** Lines longer than this are no `initialize` or `tools/list`: the SDK takes over at once. */
const MAX_EARLY_LINE_BYTES = 64 * 1024;
/** After `initialize`, how long a quiet client waits before the server loads anyway. */
const LOAD_AFTER_INITIALIZE_MS = 250;
const HOST_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
const LIST_CHANGED = `${JSON.stringify({ method: "notifications/tools/list_changed", jsonrpc: "2.0" })}\n`;

/**
 * Serves MCP over stdio, answering `initialize` and `tools/list` (while
 * the OpenSpec CLI is found) from the answers recorded at build time, while
 * the SDK and the catalog load: those two
 * are all a client waits for before it can show the tools, and loading takes
 * several times a bare Node start. Then the server (startStdioServer) takes
 * over: it is given every byte read so far, so it sees the whole session from
 * the start and keeps its state as if it had read stdin itself, and its own
 * answers to the requests already answered are dropped. If its tool list
 * differs from the early one (the CLI appeared or went in between), the client
 * is told the list changed. Anything unusual (another method, a capability
 * this module does not know) hands over at once, so the SDK answers it.
 * OPENSPEC_MCP_EARLY_ANSWERS=0 turns the early answers off.
 */
export async function serveStdioEarly(workdir: string | undefined): Promise<void> {
  const answers = process.env.OPENSPEC_MCP_EARLY_ANSWERS === "0" ? undefined : readStartupAnswers();
  if (answers === undefined) return startHost(workdir, process.stdin, process.stdout, () => {});
  // The catalog's own rule with the same environment and home, so both agree.
  const cliFound = await findOpenSpec({ env: process.env }).then(
    (found) => found.ok,
    () => false,
  );
  readEarly(answers, cliFound, workdir);
}

function readEarly(answers: StartupAnswers, cliFound: boolean, workdir: string | undefined): void {
  const received: Buffer[] = [];
  const answered = new Map<string | number, { method: string; line: string }>();
  let pending = Buffer.alloc(0);
  let input: PassThrough | undefined;
  let timer: NodeJS.Timeout | undefined;

  const onSignal = (signal: NodeJS.Signals) => {
    // Once the server has its own handlers, the stop is theirs.
    if (process.listenerCount(signal) > 1) return;
    process.stderr.write(`[openspec-mcp] stopping: ${signal}\n`);
    process.exit(0);
  };
  const onStdoutError = (error: Error) => {
    if (process.stdout.listenerCount("error") > 1) return;
    process.stderr.write(`[openspec-mcp] stopping: stdout failed: ${error.message}\n`);
    process.exit(0);
  };
  for (const signal of HOST_SIGNALS) process.on(signal, onSignal);
  process.stdout.on("error", onStdoutError);

  const handOver = () => {
    if (input !== undefined) return;
    clearTimeout(timer);
    input = new PassThrough();
    for (const chunk of received.splice(0)) input.write(chunk);
    if (process.stdin.readableEnded) input.end();
    const output = replayFilter(answered);
    startHost(workdir, input, output, () => {
      for (const signal of HOST_SIGNALS) process.off(signal, onSignal);
      process.stdout.off("error", onStdoutError);
    });
  };

  const takeLine = (line: Buffer): boolean => {
    const request = earlyRequest(line.toString("utf8").replace(/\r$/, ""));
    if (request === undefined) return false;
    if (request.id === undefined) return true;
    if (answered.has(request.id)) return false;
    // Without a CLI the list is shorter and the server logs why before it answers: its own turn.
    if (request.method === "tools/list" && !cliFound) return false;
    const answer = startupAnswer(answers, request);
    if (answer === undefined) return false;
    process.stdout.write(answer);
    answered.set(request.id, { method: request.method, line: answer });
    clearTimeout(timer);
    // The list is what the client waited for: load now, after this turn has written it.
    timer = setTimeout(handOver, request.method === "tools/list" ? 0 : LOAD_AFTER_INITIALIZE_MS);
    return true;
  };

  process.stdin.on("data", (chunk: Buffer) => {
    if (input !== undefined) {
      input.write(chunk);
      return;
    }
    received.push(chunk);
    pending = Buffer.concat([pending, chunk]);
    for (let end = pending.indexOf(0x0a); end !== -1; end = pending.indexOf(0x0a)) {
      const line = pending.subarray(0, end);
      pending = pending.subarray(end + 1);
      if (!takeLine(line)) return handOver();
    }
    if (pending.length > MAX_EARLY_LINE_BYTES) handOver();
  });
  process.stdin.on("end", () => {
    if (input === undefined) handOver();
    else input.end();
  });
  // The server's transport hears a failing stdin as it would have on stdin itself.
  process.stdin.on("error", (error) => {
    handOver();
    input?.destroy(error);
  });
}

/**
 * The server's stdout: its answers to requests answered early are dropped
 * (they are the same lines, recorded from this server), except that a tool
 * list that differs now is followed by list_changed.
 */
function replayFilter(answered: Map<string | number, { method: string; line: string }>): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const early =
        answered.size > 0 ? replayedAnswer(chunk.toString("utf8"), answered) : undefined;
      if (early === undefined) {
        // Errors reach process.stdout's own listener (the server stops on them).
        process.stdout.write(chunk, () => done());
        return;
      }
      if (early.same) done();
      else if (early.method === "tools/list") process.stdout.write(LIST_CHANGED, () => done());
      else {
        process.stderr.write(
          `[openspec-mcp] warning: the recorded ${early.method} answer differs from the server's; rebuild openspec-mcp\n`,
        );
        done();
      }
    },
  });
}

function replayedAnswer(
  text: string,
  answered: Map<string | number, { method: string; line: string }>,
): { method: string; same: boolean } | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof message !== "object" || message === null || "method" in message) return undefined;
  const id = (message as { id?: unknown }).id;
  if (typeof id !== "string" && typeof id !== "number") return undefined;
  const early = answered.get(id);
  if (early === undefined) return undefined;
  answered.delete(id);
  return { method: early.method, same: early.line === text };
}

async function startHost(
  workdir: string | undefined,
  input: Readable,
  output: Writable,
  started: () => void,
): Promise<void> {
  // Loaded only now: the SDK, the catalog and everything under them.
  const { startStdioServer, writeLog } = await import("@org/openspec-mcp-host");
  await startStdioServer({ ...(workdir === undefined ? {} : { workdir }), input, output }).then(
    started,
    (error: unknown) => {
      writeLog(
        `could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exit(1);
    },
  );
}
