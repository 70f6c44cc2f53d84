import { parseServeArguments, serveUntilSignal } from "@org/openspec-dashboard-host";
import { packageVersion } from "./package-version.js";

const USAGE = `Usage: openspec-dashboard [--port 4173] [--host 127.0.0.1] [--open]

Every registered OpenSpec repository in the browser: a board of changes by task
progress, change pages, a spec browser with search, validation, and live updates.
The repository it starts in (this folder or the nearest one above it with
openspec/) is shown too, without registering it; the sources page registers it.

Options:
  --port <n>     The port (default 4173; 0 picks a free one).
  --host <addr>  The address to bind (default 127.0.0.1). Any other address
                 requires a token: OPENSPEC_AGENT_TOKEN, else one printed at start.
  --open         Open the address in the system's browser.
  --version      Print the version.
  --help         Print this help.

Environment:
  OPENSPEC_AGENT_DB     The registry file (default: $XDG_DATA_HOME/openspec-agent/registry.db,
                        else ~/.local/share/openspec-agent/registry.db).
  OPENSPEC_BIN          The OpenSpec CLI, for validation, archive and modification times.
  OPENSPEC_AGENT_TOKEN  The token required off loopback.
`;

const command = parseServeArguments(process.argv.slice(2));
switch (command.kind) {
  case "help":
    process.stdout.write(USAGE);
    break;
  case "version":
    process.stdout.write(`${packageVersion}\n`);
    break;
  case "invalid":
    process.stderr.write(`openspec-dashboard: ${command.message}\n\n${USAGE}`);
    process.exitCode = 2;
    break;
  case "serve":
    await serveUntilSignal({
      port: command.port,
      host: command.host,
      open: command.open,
      workdir: process.cwd(),
    }).catch((error: unknown) => {
      process.stderr.write(
        `openspec-dashboard: could not start: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
    break;
}
