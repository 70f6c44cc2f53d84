/** What `openspec-dashboard` (and `openspec-agent serve`) were asked for. */
export type ServeArguments =
  | { kind: "serve"; port: number; host: string; open: boolean }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "invalid"; message: string };

export const DEFAULT_PORT = 4173;
export const DEFAULT_HOST = "127.0.0.1";

/** Reads `--port <n>`, `--host <address>`, `--open`, `--help`, `--version` (also `--flag=value`). */
export function parseServeArguments(argv: readonly string[]): ServeArguments {
  let port = DEFAULT_PORT;
  let host = DEFAULT_HOST;
  let open = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? "";
    if (argument === "--help" || argument === "-h") return { kind: "help" };
    if (argument === "--version" || argument === "-v") return { kind: "version" };
    if (argument === "--open") {
      open = true;
      continue;
    }
    const [flag, inline] = argument.startsWith("--")
      ? splitInline(argument)
      : [argument, undefined];
    if (flag !== "--port" && flag !== "--host") {
      return { kind: "invalid", message: `Unknown argument "${argument}".` };
    }
    const value = inline ?? argv[index + 1];
    if (inline === undefined) index += 1;
    if (value === undefined || value === "") {
      return { kind: "invalid", message: `${flag} needs a value.` };
    }
    if (flag === "--host") {
      host = value;
      continue;
    }
    const parsed = parsePort(value);
    if (parsed === null) {
      return {
        kind: "invalid",
        message: `--port must be a whole number from 0 to 65535, not "${value}".`,
      };
    }
    port = parsed;
  }
  return { kind: "serve", port, host, open };
}

/** A port number 0–65535 (0 picks a free port), or null. */
export function parsePort(value: string): number | null {
  if (!/^\d{1,5}$/.test(value)) return null;
  const port = Number(value);
  return port <= 65535 ? port : null;
}

function splitInline(argument: string): [string, string | undefined] {
  const equals = argument.indexOf("=");
  return equals === -1
    ? [argument, undefined]
    : [argument.slice(0, equals), argument.slice(equals + 1)];
}
