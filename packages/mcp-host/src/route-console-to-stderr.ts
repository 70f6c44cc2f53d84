import { formatWithOptions } from "node:util";
import type { ServerLog } from "./client-log.js";
import { writeLog } from "./write-log.js";

/**
 * Sends every console method to the server's log. On a stdio server stdout is
 * the protocol stream, and one stray console.log from any dependency would
 * corrupt it; each call becomes one prefixed log line. Given the server's
 * log, each call also reaches the client at its console level.
 */
export function routeConsoleToStderr(serverLog?: ServerLog): void {
  const at =
    (level: Parameters<ServerLog>[0]) =>
    (...values: unknown[]): void => {
      const message = formatWithOptions({ colors: false }, ...values);
      if (serverLog === undefined) writeLog(message);
      else serverLog(level, message);
    };
  console.log = at("info");
  console.info = at("info");
  console.debug = at("debug");
  console.warn = at("warning");
  console.error = at("error");
}
