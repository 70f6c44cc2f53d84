/**
 * Points console.log, info and debug at stderr. On a stdio server stdout is
 * the protocol stream, and one stray console.log from any dependency would
 * corrupt it.
 */
export function routeConsoleToStderr(): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}
