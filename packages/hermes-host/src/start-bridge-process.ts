import { constants } from "node:os";
import { createCatalog, exitOnHostSignals } from "@org/openspec-core";
import { runBridge } from "./run-bridge.js";
import { watchParent } from "./watch-parent.js";

/**
 * Runs this process as the bridge the Python plugin starts: JSON lines on
 * stdin and stdout, logs on stderr, the catalog's settings from the
 * environment (OPENSPEC_BIN, OPENSPEC_AGENT_DB, OPENSPEC_AGENT_CLI_TIMEOUT_MS).
 * It owns the process: it exits on the host's signals, when its parent dies,
 * and when stdin ends and every answer is out.
 */
export function startBridgeProcess(): void {
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const catalog = createCatalog({
    env: process.env,
    warmPool: true,
    log: (line) => log(`openspec bridge: ${line}`),
  });

  const stop = (code: number) => {
    catalog.close();
    process.exit(code);
  };
  const stopWatching = watchParent(() => {
    log("openspec bridge: the parent process is gone; exiting.");
    stop(0);
  });
  // Running CLI groups are killed first, whatever stops the bridge; a SIGKILL is
  // left to the runner's watchdog.
  exitOnHostSignals((signal) => {
    log(`openspec bridge: ${signal}; exiting.`);
    catalog.close();
    process.exit(128 + constants.signals[signal]);
  });
  // A reader that went away leaves nobody to answer.
  process.stdout.on("error", () => stop(0));

  runBridge({ input: process.stdin, output: process.stdout, catalog, log }).then(
    () => {
      stopWatching();
      catalog.close();
    },
    (error: unknown) => {
      log(`openspec bridge: stopped: ${error instanceof Error ? error.stack : String(error)}`);
      stop(1);
    },
  );
}
