import { readCommandLine } from "@org/openspec-core/startup";

/** What `openspec-dashboard` (and `openspec-agent serve`) were asked for. */
export type ServeArguments =
  | { kind: "serve"; port: number; host: string; open: boolean }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "invalid"; message: string };

export const DEFAULT_PORT = 4173;
export const DEFAULT_HOST = "127.0.0.1";

/**
 * Reads `--port <n>`, `--host <address>`, `--open`, `--help`, `--version` (also
 * `--flag=value`) through core's `readCommandLine` (Node's `parseArgs`).
 */
export function parseServeArguments(argv: readonly string[]): ServeArguments {
  const line = readCommandLine(argv, {
    port: { type: "string" },
    host: { type: "string" },
    open: { type: "boolean" },
  });
  if (line.kind !== "flags") return line;
  const { port: given, host = DEFAULT_HOST, open = false } = line.values;
  const port = given === undefined ? DEFAULT_PORT : parsePort(given);
  if (port === null) {
    return {
      kind: "invalid",
      message: `--port must be a whole number from 0 to 65535, not "${given}".`,
    };
  }
  return { kind: "serve", port, host, open };
}

/** A port number 0–65535 (0 picks a free port), or null. */
export function parsePort(value: string): number | null {
  if (!/^\d{1,5}$/.test(value)) return null;
  const port = Number(value);
  return port <= 65535 ? port : null;
}
