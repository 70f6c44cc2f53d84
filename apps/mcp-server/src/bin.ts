import { packageVersion } from "./package-version.js";
import { parseArguments } from "./parse-arguments.js";

const USAGE = `Usage: openspec-mcp [--workdir <path>]

An MCP server (stdio) with the OpenSpec tools for every registered repository.

Options:
  --workdir <path>  The repository used when a call names neither source nor workdir
                    (default: OPENSPEC_AGENT_WORKDIR).
  --version         Print the version.
  --help            Print this help.

Environment:
  OPENSPEC_AGENT_DB       The registry file (default: $XDG_DATA_HOME/openspec-agent/registry.db,
                          else ~/.local/share/openspec-agent/registry.db).
  OPENSPEC_BIN            The OpenSpec CLI (default: openspec on PATH, then ~/.npm-global/bin/openspec,
                          then the @fission-ai/openspec installed with this server).
  OPENSPEC_AGENT_WORKDIR  The default repository, as --workdir.
`;

const command = parseArguments(process.argv.slice(2));
switch (command.kind) {
  case "help":
    process.stdout.write(USAGE);
    break;
  case "version":
    process.stdout.write(`${packageVersion}\n`);
    break;
  case "invalid":
    process.stderr.write(`openspec-mcp: ${command.message}\n\n${USAGE}`);
    process.exitCode = 2;
    break;
  case "serve": {
    // Loaded only here, so --help and --version answer without loading the catalog.
    const { startStdioServer, writeLog } = await import("@org/openspec-mcp-host");
    await startStdioServer(command.workdir === undefined ? {} : { workdir: command.workdir }).catch(
      (error: unknown) => {
        writeLog(
          `could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        process.exit(1);
      },
    );
    break;
  }
}
