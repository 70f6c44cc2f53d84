import { formatWithOptions } from "node:util";
import { writeLog } from "./write-log.js";

/**
 * Sends every console method to the server's log. On a stdio server stdout is
 * the protocol stream, and one stray console.log from any dependency would
 * corrupt it; each call becomes one prefixed log line.
 */
export function routeConsoleToStderr(): void {
  const log = (...values: unknown[]): void =>
    writeLog(formatWithOptions({ colors: false }, ...values));
  console.log = log;
  console.info = log;
  console.debug = log;
  console.warn = log;
  console.error = log;
}
