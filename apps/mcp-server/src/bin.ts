import { defaultToolsetNames, toolsets } from "@org/openspec-core/startup";
import { packageVersion } from "./package-version.js";
import { type BinCommand, parseArguments } from "./parse-arguments.js";

const USAGE = `Usage: openspec-mcp [--workdir <path>] [--toolsets <names>] [--dynamic-toolsets]
                    [--no-output-schemas] [--read-only]
       openspec-mcp --http [--port 3845] [--host 127.0.0.1] [--no-auth] [--allowed-host <name>]...
                           [--max-sessions-per-token 20] [--max-subscriptions-per-token 200]
                           [--allow-any-workdir]
                    [--toolsets <names>] [--dynamic-toolsets] [--no-output-schemas]

An MCP server with the OpenSpec tools for every registered repository: over
stdio by default, or over Streamable HTTP at http://<host>:<port>/mcp with --http
(GET /healthz answers without a token).

Options:
  --workdir <path>      The repository used when a call names neither source nor workdir
                        (default: OPENSPEC_AGENT_WORKDIR).
  --http                Serve over HTTP; clients send "Authorization: Bearer osk_..."
                        (openspec-agent tokens create --name <name> [--read-only]).
  --port <n>            The HTTP port (default 3845; 0 picks a free one).
  --host <address>      The address to bind (default 127.0.0.1).
  --no-auth             Serve without tokens; refused unless --host is a loopback address.
  --allowed-host <name> A host name clients use to reach the server (DNS-rebinding
                        protection); repeatable. localhost names are always allowed on loopback.
  --max-sessions-per-token <n>
                        Sessions one token may hold at once (default 20); more get 429.
  --max-subscriptions-per-token <n>
                        Resource subscriptions the sessions of one token may hold together
                        (default 200); more are refused, other tokens are not affected.
  --allow-any-workdir   Let tokens pass workdir (any folder this user can read); by default
                        a token reaches registered sources only.
  --toolsets <names>    The toolsets to offer, separated by commas: ${toolsets.map((toolset) => toolset.name).join(", ")};
                        "all" for every tool; "default" (${defaultToolsetNames.join(",")}) when not given.
                        Over HTTP a client can choose its own with the header X-OpenSpec-Toolsets.
  --dynamic-toolsets    Also offer openspec_toolsets, which lists the other toolsets and
                        enables one during the session (the tool list then changes).
  --no-output-schemas   Leave each tool's output schema out of tools/list, for clients that
                        put it into the model's context (Codex's code mode); answers keep
                        their structured content.
  --read-only           Offer only the tools that change nothing (stdio; over HTTP, tokens say so).
  --version         Print the version.
  --help            Print this help.

Environment:
  OPENSPEC_AGENT_DB       The registry file (default: $XDG_DATA_HOME/openspec-agent/registry.db,
                          else ~/.local/share/openspec-agent/registry.db).
  OPENSPEC_BIN            The OpenSpec CLI (default: openspec on PATH, then ~/.npm-global/bin/openspec,
                          then the @fission-ai/openspec installed with this server).
  OPENSPEC_AGENT_WORKDIR  The default repository, as --workdir.
  OPENSPEC_AGENT_TOOLSETS The toolsets to offer, as --toolsets.
  OPENSPEC_AGENT_OUTPUT_SCHEMAS
                          off: as --no-output-schemas; on (the default) sends them.
`;

// No top-level await: the bundle is CommonJS (see bin/openspec-mcp.js).
void main(parseArguments(process.argv.slice(2)));

async function main(command: BinCommand): Promise<void> {
  switch (command.kind) {
    case "help":
      process.stdout.write(USAGE);
      return;
    case "version":
      process.stdout.write(`${packageVersion}\n`);
      return;
    case "invalid":
      process.stderr.write(`openspec-mcp: ${command.message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    case "serve":
    case "serve-http":
      return serve(command);
  }
}

/** Serves over stdio or HTTP until the process is stopped. */
async function serve(
  command: Extract<BinCommand, { kind: "serve" | "serve-http" }>,
): Promise<void> {
  // Loaded only here, so --help and --version answer without it; stdio
  // loads only the stdio server, not the HTTP server's modules.
  const { chooseOutputSchemas, chooseToolsets, startStdioServer, writeLog } = await import(
    "@org/openspec-mcp-host/stdio"
  );
  const toolsets = command.toolsets ?? (process.env.OPENSPEC_AGENT_TOOLSETS || undefined);
  const chosen = chooseToolsets(toolsets);
  if (!chosen.ok) {
    process.stderr.write(`openspec-mcp: ${chosen.error} ${chosen.fix}\n`);
    process.exit(2);
  }
  const outputSchemas = chooseOutputSchemas(
    command.outputSchemas,
    process.env.OPENSPEC_AGENT_OUTPUT_SCHEMAS || undefined,
  );
  if (!outputSchemas.ok) {
    process.stderr.write(`openspec-mcp: ${outputSchemas.error} ${outputSchemas.fix}\n`);
    process.exit(2);
  }
  let serving: Promise<unknown>;
  if (command.kind === "serve") {
    const { kind: _kind, ...options } = command;
    serving = startStdioServer(options);
  } else {
    const { runHttpServer } = await import("@org/openspec-mcp-host");
    const { kind: _kind, ...options } = command;
    serving = runHttpServer(options);
  }
  await serving.catch((error: unknown) => {
    writeLog(
      `could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  });
}
