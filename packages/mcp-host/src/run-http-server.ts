import { constants } from "node:os";
import { exitOnHostSignals, selectToolsets } from "@org/openspec-core";
import { chooseOutputSchemas } from "./choose-output-schemas.js";
import type { HttpServerOptions } from "./http-options.js";
import { routeConsoleToStderr } from "./route-console-to-stderr.js";
import { startHttpServer } from "./start-http-server.js";
import { writeLog } from "./write-log.js";

export type HttpProcessOptions = Omit<HttpServerOptions, "catalog" | "catalogOptions" | "log"> & {
  /** Where settings are read from (`OPENSPEC_AGENT_DB`, `OPENSPEC_BIN`, `OPENSPEC_AGENT_TOOLSETS`, `OPENSPEC_AGENT_OUTPUT_SCHEMAS`, `OPENSPEC_AGENT_REPLICA`, `PATH`); default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The repository used when a call names neither source nor workdir. */
  workdir?: string;
  /** The registry file; overrides `OPENSPEC_AGENT_DB`. */
  registryPath?: string;
};

/**
 * Serves the catalog over HTTP in this process until SIGTERM, SIGINT or
 * SIGHUP: then it stops listening, ends every session and stream, kills
 * running CLI runs, closes the registry and exits 0. Resolves once listening;
 * a start that fails (a refused setting, a port in use) logs why and exits 1.
 */
export async function runHttpServer(options: HttpProcessOptions = {}): Promise<void> {
  routeConsoleToStderr();
  const env = options.env ?? process.env;
  const { env: _env, workdir, registryPath, ...http } = options;
  const defaultWorkdir = workdir ?? (env.OPENSPEC_AGENT_WORKDIR || undefined);
  const outputSchemas = chooseOutputSchemas(
    http.outputSchemas,
    env.OPENSPEC_AGENT_OUTPUT_SCHEMAS || undefined,
  );
  if (!outputSchemas.ok) {
    writeLog(`${outputSchemas.error} ${outputSchemas.fix ?? ""}`);
    process.exit(1);
  }
  const sessionToolsets = http.toolsets ?? (env.OPENSPEC_AGENT_TOOLSETS || "default");
  const replicaName = http.replicaName ?? (env.OPENSPEC_AGENT_REPLICA || undefined);
  const started = await startHttpServer({
    ...http,
    ...(replicaName === undefined ? {} : { replicaName }),
    toolsets: sessionToolsets,
    outputSchemas: outputSchemas.outputSchemas,
    log: writeLog,
    catalogOptions: {
      env,
      warmPool: true,
      log: writeLog,
      ...(defaultWorkdir === undefined ? {} : { defaultWorkdir }),
      ...(registryPath === undefined ? {} : { registryPath }),
    },
  });
  if (!started.ok) {
    writeLog(`${started.error} ${started.fix ?? ""}`);
    process.exit(1);
  }
  const { server } = started;
  let stopping = false;
  exitOnHostSignals((signal) => {
    if (stopping) process.exit(128 + constants.signals[signal]);
    stopping = true;
    writeLog(`stopping: ${signal}`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        writeLog(`closing failed: ${String(error)}`);
        process.exit(1);
      },
    );
  });
  process.on("unhandledRejection", (reason) => writeLog(`unhandled rejection: ${String(reason)}`));
  const offered = await server.catalog.available();
  // What a session gets unless its client sends X-OpenSpec-Toolsets (the setting was checked at start).
  const session = selectToolsets(sessionToolsets, offered);
  const perSession = session.ok
    ? `${session.tools.size} tools a session (toolsets ${session.toolsets.map((toolset) => toolset.name).join(", ")}) of ${offered.length}`
    : `${offered.length} tools`;
  writeLog(
    `serving ${perSession} at ${server.url}${options.noAuth ? " without tokens (loopback only)" : " (bearer tokens required)"}${outputSchemas.outputSchemas ? "" : ", no output schemas"}`,
  );
}
