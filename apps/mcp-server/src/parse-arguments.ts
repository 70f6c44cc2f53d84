import { resolve } from "node:path";
import { readCommandLine } from "@org/openspec-core/startup";

/** The HTTP settings given on the command line; defaults are the host library's. */
export type HttpArguments = {
  port?: number;
  host?: string;
  noAuth?: boolean;
  allowedHosts?: string[];
  maxSessionsPerToken?: number;
  maxSubscriptionsPerToken?: number;
  allowAnyWorkdir?: boolean;
};

/**
 * Which tools a server offers and how it lists them: `--toolsets`,
 * `--dynamic-toolsets`, `--no-output-schemas` (`outputSchemas: false`), and
 * `--read-only` (stdio).
 */
export type OfferArguments = {
  toolsets?: string;
  dynamicToolsets?: boolean;
  outputSchemas?: false;
  readOnly?: boolean;
};

/** What the command line asks the bin to do. */
export type BinCommand =
  | ({ kind: "serve"; workdir?: string } & OfferArguments)
  | ({ kind: "serve-http"; workdir?: string } & HttpArguments & Omit<OfferArguments, "readOnly">)
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "invalid"; message: string };

const FLAGS = {
  workdir: { type: "string" },
  http: { type: "boolean" },
  port: { type: "string" },
  host: { type: "string" },
  "no-auth": { type: "boolean" },
  "allowed-host": { type: "string", multiple: true },
  "max-sessions-per-token": { type: "string" },
  "max-subscriptions-per-token": { type: "string" },
  "allow-any-workdir": { type: "boolean" },
  toolsets: { type: "string" },
  "dynamic-toolsets": { type: "boolean" },
  "no-output-schemas": { type: "boolean" },
  "read-only": { type: "boolean" },
} as const;

const HTTP_ONLY = [
  "port",
  "host",
  "no-auth",
  "allowed-host",
  "max-sessions-per-token",
  "max-subscriptions-per-token",
  "allow-any-workdir",
] as const;

/**
 * Reads `--workdir <path>`, `--http` with `--port <n>`, `--host <address>`,
 * `--no-auth`, `--allowed-host <name>` (repeatable), `--max-sessions-per-token
 * <n>`, `--max-subscriptions-per-token <n>` and `--allow-any-workdir`, `--toolsets <names>`, `--dynamic-toolsets`,
 * `--no-output-schemas`, `--read-only` (stdio only: over HTTP the token says so), `--help` and
 * `--version`, through core's `readCommandLine` (Node's `parseArgs`); nothing
 * else is accepted. Toolset names are checked where the catalog is loaded, not
 * here, so `--help` stays light.
 */
export function parseArguments(argv: readonly string[]): BinCommand {
  const line = readCommandLine(argv, FLAGS, { workdir: "a path" });
  if (line.kind !== "flags") return line;
  const { values } = line;
  if (!values.http && HTTP_ONLY.some((name) => values[name] !== undefined)) {
    return {
      kind: "invalid",
      message:
        "--port, --host, --no-auth, --allowed-host, --max-sessions-per-token, --max-subscriptions-per-token and --allow-any-workdir need --http.",
    };
  }
  if (values.http && values["read-only"]) {
    return {
      kind: "invalid",
      message:
        "--read-only is for stdio; over HTTP, make the client's token read-only (openspec-agent tokens create --read-only).",
    };
  }
  const port = wholeNumber(values.port, 0, 65_535);
  if (port === null) return { kind: "invalid", message: "--port needs a number from 0 to 65535." };
  const sessions = wholeNumber(values["max-sessions-per-token"], 1, 100_000);
  if (sessions === null) {
    return {
      kind: "invalid",
      message: "--max-sessions-per-token needs a number from 1 to 100000.",
    };
  }
  const subscriptions = wholeNumber(values["max-subscriptions-per-token"], 1, 100_000);
  if (subscriptions === null) {
    return {
      kind: "invalid",
      message: "--max-subscriptions-per-token needs a number from 1 to 100000.",
    };
  }
  const workdir = values.workdir === undefined ? {} : { workdir: resolve(values.workdir) };
  const offer = defined({
    toolsets: values.toolsets,
    dynamicToolsets: values["dynamic-toolsets"],
    outputSchemas: values["no-output-schemas"] ? (false as const) : undefined,
  });
  if (!values.http) {
    return { kind: "serve", ...workdir, ...offer, ...defined({ readOnly: values["read-only"] }) };
  }
  const settings = defined({
    port,
    host: values.host,
    noAuth: values["no-auth"],
    allowedHosts: values["allowed-host"],
    maxSessionsPerToken: sessions,
    maxSubscriptionsPerToken: subscriptions,
    allowAnyWorkdir: values["allow-any-workdir"],
  });
  return { kind: "serve-http", ...workdir, ...settings, ...offer };
}

/** The value as a whole number within `min`–`max`, undefined when not given, null when wrong. */
function wholeNumber(
  value: string | undefined,
  min: number,
  max: number,
): number | undefined | null {
  if (value === undefined) return undefined;
  const count = Number(value);
  return /^\d+$/.test(value) && count >= min && count <= max ? count : null;
}

/** The entries whose value is not undefined, so the command carries no `key: undefined`. */
function defined<Entries extends Record<string, unknown>>(entries: Entries): Partial<Entries> {
  return Object.fromEntries(
    Object.entries(entries).filter(([, value]) => value !== undefined),
  ) as Partial<Entries>;
}
