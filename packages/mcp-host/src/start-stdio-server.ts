import { constants } from "node:os";
import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { exitOnHostSignals } from "@org/openspec-core";
import { answerUnreadableLine } from "./answer-unreadable-line.js";
import { chooseOutputSchemas } from "./choose-output-schemas.js";
import { chooseToolsets } from "./choose-toolsets.js";
import { createServer } from "./create-server.js";
import { passJsonLines } from "./pass-json-lines.js";
import { routeConsoleToStderr } from "./route-console-to-stderr.js";
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
  const server = await createServer({
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

  let stopping = false;
  const stop = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    server.log("notice", `stopping: ${reason}`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        writeLog(`closing failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };

  const input = options.input ?? process.stdin;
  // Every line was read by now; the requests among them are answered first.
  input.once("end", () => void server.settled().then(() => stop("stdin closed")));
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
    server.log("error", `unhandled rejection: ${String(reason)}`),
  );
  // Malformed lines and unknown messages land here; the transport skips them and reads on,
  // and a line that is not JSON-RPC gets its JSON-RPC error.
  const refuse = (error: Error): void => {
    server.log("warning", `protocol error: ${error.message}`);
    const answer = answerUnreadableLine(error);
    if (answer !== undefined) transport.send(answer).catch(() => {});
  };
  // The SDK's transport closes when its input ends and answers nothing after, so it reads
  // the lines through a stream of ours, which ends only when the server stops; that stream
  // also takes out the lines that are not JSON, which the transport would skip unanswered.
  const lines = passJsonLines(refuse);
  input.pipe(lines, { end: false });
  const transport = new StdioServerTransport(lines, options.output ?? process.stdout);
  server.mcp.onerror = refuse;
  server.mcp.onclose = () => stop("connection closed");

  await server.mcp.connect(transport);
  // From now on a dependency's console output reaches the client's log too.
  routeConsoleToStderr(server.log);
  const offered = await server.catalog.available();
  server.log(
    "info",

    `serving ${offered.length} of ${server.catalog.tools.length} tools (toolsets ${chosen.toolsets.join(", ")}${options.readOnly ? ", read-only" : ""}${outputSchemas.outputSchemas ? "" : ", no output schemas"})${defaultWorkdir ? ` (default workdir ${defaultWorkdir})` : ""}`,
  );
}
