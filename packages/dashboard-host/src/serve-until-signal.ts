import { spawn } from "node:child_process";
import { type StartDashboardOptions, startDashboard } from "./start-dashboard.js";

export type ServeOptions = StartDashboardOptions & {
  /** Open the address in the system's browser once the server listens. */
  open?: boolean;
  /** Where the address and notices go (default stdout). */
  print?: (line: string) => void;
};

/**
 * What `openspec-dashboard` and `openspec-agent serve` do: start the server,
 * print the address (with the token when one is needed), optionally open a
 * browser, and close watchers, streams and the catalog on SIGINT or SIGTERM.
 */
export async function serveUntilSignal(options: ServeOptions): Promise<void> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const running = await startDashboard(options);
  print(`OpenSpec dashboard: ${running.url}`);
  // A wildcard bind answers at every address of this machine: name the others too.
  if (running.urls.length > 1) print(`Also at: ${running.urls.slice(1).join(" ")}`);
  if (running.token !== null) {
    print("Anyone with this address (it holds the token) can read and change your repositories.");
  }
  if (options.open) openInBrowser(running.url);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void running.close().then(resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : ["xdg-open", [url]];
  // No browser (a server, a container) is not an error: the address is printed.
  const child = spawn(command, args, { stdio: "ignore", detached: true });
  child.on("error", () => {});
  child.unref();
}
