import { resolve } from "node:path";

/** The HTTP settings given on the command line; defaults are the host library's. */
export type HttpArguments = {
  port?: number;
  host?: string;
  noAuth?: boolean;
  allowedHosts?: string[];
  maxSessionsPerToken?: number;
  allowAnyWorkdir?: boolean;
};

/** Which tools a server offers: `--toolsets`, `--dynamic-toolsets`, and `--read-only` (stdio). */
export type OfferArguments = {
  toolsets?: string;
  dynamicToolsets?: boolean;
  readOnly?: boolean;
};

/** What the command line asks the bin to do. */
export type BinCommand =
  | ({ kind: "serve"; workdir?: string } & OfferArguments)
  | ({ kind: "serve-http"; workdir?: string } & HttpArguments & Omit<OfferArguments, "readOnly">)
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "invalid"; message: string };

const VALUE_OPTIONS = [
  "--workdir",
  "--port",
  "--host",
  "--allowed-host",
  "--max-sessions-per-token",
  "--toolsets",
] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

/**
 * Reads `--workdir <path>`, `--http` with `--port <n>`, `--host <address>`,
 * `--no-auth`, `--allowed-host <name>` (repeatable), `--max-sessions-per-token
 * <n>` and `--allow-any-workdir`, `--toolsets <names>`, `--dynamic-toolsets`,
 * `--read-only` (stdio only: over HTTP the token says so), `--help` and
 * `--version`; every value option also takes `--option=value`. Nothing else is
 * accepted. Toolset names are checked where the catalog is loaded, not here, so
 * `--help` stays light.
 */
export function parseArguments(argv: readonly string[]): BinCommand {
  let workdir: string | undefined;
  let http = false;
  const settings: HttpArguments = {};
  const offer: OfferArguments = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? "";
    if (argument === "--help" || argument === "-h") return { kind: "help" };
    if (argument === "--version" || argument === "-v") return { kind: "version" };
    if (argument === "--http") {
      http = true;
      continue;
    }
    if (argument === "--read-only" || argument === "--dynamic-toolsets") {
      offer[argument === "--read-only" ? "readOnly" : "dynamicToolsets"] = true;
      continue;
    }
    if (argument === "--no-auth") {
      settings.noAuth = true;
      continue;
    }
    if (argument === "--allow-any-workdir") {
      settings.allowAnyWorkdir = true;
      continue;
    }
    const option = VALUE_OPTIONS.find(
      (name) => argument === name || argument.startsWith(`${name}=`),
    );
    if (option === undefined)
      return { kind: "invalid", message: `Unknown argument "${argument}".` };
    const inline = argument.length > option.length ? argument.slice(option.length + 1) : undefined;
    const value = inline ?? argv[index + 1];
    if (inline === undefined) index += 1;
    const problem = apply(option, value, settings);
    if (problem !== undefined) return { kind: "invalid", message: problem };
    if (option === "--workdir") workdir = resolve(value ?? "");
    if (option === "--toolsets") offer.toolsets = value ?? "";
  }
  const httpOnly = Object.keys(settings);
  if (!http && httpOnly.length > 0) {
    return {
      kind: "invalid",
      message:
        "--port, --host, --no-auth, --allowed-host, --max-sessions-per-token and --allow-any-workdir need --http.",
    };
  }
  if (http && offer.readOnly) {
    return {
      kind: "invalid",
      message:
        "--read-only is for stdio; over HTTP, make the client's token read-only (openspec-agent tokens create --read-only).",
    };
  }
  const where = workdir === undefined ? {} : { workdir };
  const { readOnly: _readOnly, ...httpOffer } = offer;
  return http
    ? { kind: "serve-http", ...where, ...settings, ...httpOffer }
    : { kind: "serve", ...where, ...offer };
}

function apply(
  option: ValueOption,
  value: string | undefined,
  settings: HttpArguments,
): string | undefined {
  if (value === undefined || value === "") {
    return `${option} needs ${option === "--workdir" ? "a path" : "a value"}.`;
  }
  switch (option) {
    case "--workdir":
    case "--toolsets":
      return undefined;
    case "--port": {
      const port = Number(value);
      if (!/^\d+$/.test(value) || port > 65_535) return "--port needs a number from 0 to 65535.";
      settings.port = port;
      return undefined;
    }
    case "--host":
      settings.host = value;
      return undefined;
    case "--allowed-host":
      settings.allowedHosts = [...(settings.allowedHosts ?? []), value];
      return undefined;
    case "--max-sessions-per-token": {
      const count = Number(value);
      if (!/^\d+$/.test(value) || count < 1 || count > 100_000) {
        return "--max-sessions-per-token needs a number from 1 to 100000.";
      }
      settings.maxSessionsPerToken = count;
      return undefined;
    }
  }
}
