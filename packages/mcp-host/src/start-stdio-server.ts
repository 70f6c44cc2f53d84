import { constants } from "node:os";
import type { Readable, Writable } from "node:stream";
import type { Server } from "@modelcontextprotocol/server";
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import { exitOnHostSignals } from "@org/openspec-core";
import { answerUnreadableLine } from "./answer-unreadable-line.js";
import { buildServer } from "./build-server.js";
import { chooseOutputSchemas } from "./choose-output-schemas.js";
import { chooseToolsets } from "./choose-toolsets.js";
import { createMcpHost } from "./create-host.js";
import { guardTransport } from "./guard-transport.js";
import { admitListen } from "./listen-admission.js";
import { modernSubscriptions } from "./modern-subscriptions.js";
import { passJsonLines } from "./pass-json-lines.js";
import { routeConsoleToStderr } from "./route-console-to-stderr.js";
import {
  createSubscriptionBudget,
  DEFAULT_SUBSCRIPTIONS_PER_SESSION,
} from "./subscription-budget.js";
import { whenWritten } from "./when-written.js";
import { writeLog } from "./write-log.js";

export type StdioServerOptions = {
  /** Where settings are read from (`OPENSPEC_AGENT_DB`, `OPENSPEC_BIN`, `OPENSPEC_AGENT_WORKDIR`, `OPENSPEC_AGENT_TOOLSETS`, `OPENSPEC_AGENT_OUTPUT_SCHEMAS`, `PATH`); default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The repository used when a call names neither source nor workdir; overrides `OPENSPEC_AGENT_WORKDIR`. */
  workdir?: string;
  /** The registry file; overrides `OPENSPEC_AGENT_DB` (the shell CLI's `--db`). */
  registryPath?: string;
  /**
   * The toolsets to offer, names separated by commas, `all` or `default`;
   * overrides `OPENSPEC_AGENT_TOOLSETS`. Default: the default toolsets.
   */
  toolsets?: string;
  /** Offer only the tools that change nothing (`--read-only`). */
  readOnly?: boolean;
  /** Start with the chosen toolsets plus `openspec_toolsets`, which enables the others. */
  dynamicToolsets?: boolean;
  /**
   * Send each tool's output schema in tools/list (`false`: `--no-output-schemas`);
   * overrides `OPENSPEC_AGENT_OUTPUT_SCHEMAS` (on or off). Default true.
   */
  outputSchemas?: boolean;
  /** The protocol's streams; default this process's stdin and stdout. */
  input?: Readable;
  output?: Writable;
};

/**
 * Serves the catalog over this process's stdin and stdout. It takes over the
 * process: when stdin closes it first answers every request already received
 * (a client may pipe its requests and close stdin at once); when stdout
 * breaks, or SIGTERM, SIGINT or SIGHUP arrives, it stops at once. Stopping
 * kills running CLI runs, closes the catalog (the registry file) and exits
 * with code 0. If it is killed with SIGKILL, the runner's watchdog
 * ends the CLI runs and idle warm workers leave on their own. Resolves once
 * the server is listening.
 */
export async function startStdioServer(options: StdioServerOptions = {}): Promise<void> {
  routeConsoleToStderr();
  const env = options.env ?? process.env;
  const defaultWorkdir = options.workdir ?? (env.OPENSPEC_AGENT_WORKDIR || undefined);
  const chosen = chooseToolsets(options.toolsets ?? (env.OPENSPEC_AGENT_TOOLSETS || undefined));
  if (!chosen.ok) throw new Error(`${chosen.error} ${chosen.fix}`);
  const outputSchemas = chooseOutputSchemas(
    options.outputSchemas,
    env.OPENSPEC_AGENT_OUTPUT_SCHEMAS || undefined,
  );
  if (!outputSchemas.ok) throw new Error(`${outputSchemas.error} ${outputSchemas.fix}`);
  const host = await createMcpHost({
    toolsets: chosen.toolsets,
    ...(options.readOnly ? { readOnly: true } : {}),
    ...(options.dynamicToolsets ? { dynamicToolsets: true } : {}),
    ...(outputSchemas.outputSchemas ? {} : { outputSchemas: false }),
    catalogOptions: {
      env,
      warmPool: true,
      log: writeLog,
      ...(defaultWorkdir === undefined ? {} : { defaultWorkdir }),
      ...(options.registryPath === undefined ? {} : { registryPath: options.registryPath }),
    },
  });

  // The SDK's transport closes when its input ends and answers nothing after, so it reads
  // the lines through a stream of ours, which ends only when the server stops; that stream
  // also takes out the lines that are not JSON, which the transport would skip unanswered.
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const lines = passJsonLines((error) => report(error));
  input.pipe(lines, { end: false });
  // 2026-07-28 listen streams: their resources followed in one watch of the process, their
  // notifications sent by the connection's 2026 server, which the SDK routes to the streams
  // that asked; one user's places counted as a session's subscriptions are.
  let modernServer: Server | undefined;
  const notifyFailed = (error: unknown) =>
    host.log("warning", `could not notify: ${String(error)}`);
  const listens = modernSubscriptions(
    host.shared,
    {
      resourceUpdated: (uri) => void modernServer?.sendResourceUpdated({ uri }).catch(notifyFailed),
      resourcesChanged: () => void modernServer?.sendResourceListChanged().catch(notifyFailed),
      // The server tells its streams itself when the host's tools change.
      toolsChanged: () => {},
    },
    (line) => host.log("warning", line),
  );
  const listenLimits = {
    perStream: DEFAULT_SUBSCRIPTIONS_PER_SESSION,
    budget: createSubscriptionBudget(),
    tokenBudget: undefined,
    openStreams: { count: () => 0, max: Number.POSITIVE_INFINITY },
  };
  const wire = guardTransport(new StdioServerTransport(lines, output), {
    modern: true,
    admitListen: (params) => admitListen(params, host.shared, listenLimits, listens),
  });
  // Unreadable lines land here and get their JSON-RPC error (the transport reads on); so do
  // the SDK's own reports, such as a refused protocol revision, which it answered already.
  const reported = new WeakSet<Error>();
  const report = (error: Error): void => {
    if (reported.has(error)) return;
    reported.add(error);
    host.log("warning", `protocol error: ${error.message}`);
    const answer = answerUnreadableLine(error);
    if (answer !== undefined) wire.send(answer).catch(() => {});
  };
  // The opening message picks the revision: a 2026-07-28 request (its `_meta` envelope)
  // gets a server for that revision, answering every request on its own; `initialize` or
  // any request without the envelope gets a 2025 server, exactly as before. Either is
  // built on the one host, so every request lists the same tools.
  const connection = serveStdio(
    ({ era }) => {
      const { mcp } = buildServer(host, { era });
      mcp.onerror = report;
      if (era === "modern") modernServer = mcp;
      return mcp;
    },
    { legacy: "serve", transport: wire, onerror: report },
  );
  let stopping = false;
  const stop = (reason: string, flush = false): void => {
    if (stopping) return;
    stopping = true;
    host.log("notice", `stopping: ${reason}`);
    // The connection first (open subscriptions get their closing answer), then the catalog;
    // after a stdin close, the answers still queued for a client that reads slowly go out
    // before the exit (a signal or a broken stdout stops at once).
    connection
      .close()
      .then(() => listens.close())
      .then(() => host.close())
      .then(() => {
        if (!flush || output.writableLength === 0) return;
        host.log("notice", `writing ${output.writableLength} bytes of answers not yet read`);
        return whenWritten(output);
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          writeLog(`closing failed: ${String(error)}`);
          process.exit(1);
        },
      );
  };

  // Every line was read by now; the requests among them are answered first.
  input.once("end", () => void wire.settled().then(() => stop("stdin closed", true)));
  // SIGINT, SIGTERM and SIGHUP: running CLI groups are killed at once, then the
  // graceful stop; a second signal while that stop hangs ends the process now.
  exitOnHostSignals((signal) => {
    if (stopping) process.exit(128 + constants.signals[signal]);
    stop(signal);
  });
  // EPIPE and friends: the client is gone, so is the reason to run.
  process.stdout.on("error", (error) => stop(`stdout failed: ${error.message}`));
  // A stray rejection is a bug somewhere; it is logged, and the server keeps serving.
  process.on("unhandledRejection", (reason) =>
    host.log("error", `unhandled rejection: ${String(reason)}`),
  );
  void wire.closed.then(() => stop("connection closed"));

  // From now on a dependency's console output reaches the client's log too.
  routeConsoleToStderr(host.log);
  const offered = await host.catalog.available();
  host.log(
    "info",

    `serving ${offered.length} of ${host.catalog.tools.length} tools (toolsets ${chosen.toolsets.join(", ")}${options.readOnly ? ", read-only" : ""}${outputSchemas.outputSchemas ? "" : ", no output schemas"})${defaultWorkdir ? ` (default workdir ${defaultWorkdir})` : ""}`,
  );
}
