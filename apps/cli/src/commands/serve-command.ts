import { type Command, InvalidArgumentError } from "commander";
import type { Session } from "../session.js";

// The dashboard (Hono, the markdown pipeline) is loaded only by `serve`.
const loadDashboard = () => import("@org/openspec-dashboard-host");

/** `serve`: the dashboard in the browser, on the same registry as every other command. */
export function registerServeCommand(program: Command, session: Session): void {
  program
    .command("serve")
    .description("open the dashboard: every source's changes, tasks and specs in the browser")
    .option("--port <n>", "the port (0 picks a free one)", parsePortOption, 4173)
    .option(
      "--host <address>",
      "the address to bind; any other than 127.0.0.1 requires a token (OPENSPEC_AGENT_TOKEN, else printed)",
      "127.0.0.1",
    )
    .option("--open", "open the address in the system's browser")
    .action(async (options: { port: number; host: string; open?: boolean }, command: Command) => {
      const { DashboardListenError, serveUntilSignal } = await loadDashboard();
      const served = serveUntilSignal({
        port: options.port,
        host: options.host,
        open: options.open === true,
        env: { ...session.env },
        workdir: session.cwd,
        print: (line) => session.terminal.out(line),
        ...(session.registryPath === undefined
          ? {}
          : { catalogOptions: { registryPath: session.registryPath } }),
      });
      // A port in use is a setting to change, said in one line with its fix, as `openspec-mcp --http` does.
      await served.catch((error: unknown) => {
        if (!(error instanceof DashboardListenError)) throw error;
        const fix =
          error.code === "EADDRINUSE"
            ? "Pick another --port (0 picks a free one), or stop the process that holds this one."
            : "Check --host and --port.";
        session.print(command, "serve", { ok: false, code: "io_error", error: error.message, fix });
      });
    });
}

function parsePortOption(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new InvalidArgumentError("Use a whole number from 0 to 65535.");
  }
  return Number(value);
}
