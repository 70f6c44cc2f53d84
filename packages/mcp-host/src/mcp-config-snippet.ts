import { quoteShellWord } from "./quote-shell-word.js";

/** The MCP clients a configuration snippet can be written for. */
export type McpClientName = "claude" | "codex" | "cursor" | "hermes";

export type McpConfigOptions = {
  /** The program the client starts; default `npx` with args `-y @org/openspec-mcp`. */
  command?: string;
  /** Its arguments; default none when `command` is given. */
  args?: readonly string[];
  /** Sets OPENSPEC_AGENT_DB. Leave out to use the default registry, shared with the Hermes plugin and the shell CLI. */
  registryPath?: string;
  /** Sets OPENSPEC_AGENT_WORKDIR: the repository used when a call names neither source nor workdir. */
  workdir?: string;
  /** Sets OPENSPEC_BIN, for clients that start servers without your shell's PATH. */
  openspecBin?: string;
};

type Launch = { command: string; args: readonly string[]; env: Record<string, string> };

const SERVER_NAME = "openspec";
const NPX_LAUNCH = { command: "npx", args: ["-y", "@org/openspec-mcp"] } as const;

/**
 * The configuration that makes a client start this server: a `claude mcp add`
 * command, the `[mcp_servers.openspec]` table of Codex's
 * `~/.codex/config.toml`, a `.cursor/mcp.json` document, or the
 * `mcp_servers:` block of Hermes Agent's `~/.hermes/config.yaml`. The server
 * is named `openspec`.
 */
export function mcpConfigSnippet(client: McpClientName, options: McpConfigOptions = {}): string {
  const launch: Launch = {
    command: options.command ?? NPX_LAUNCH.command,
    args: options.args ?? (options.command === undefined ? NPX_LAUNCH.args : []),
    env: {
      ...(options.registryPath === undefined ? {} : { OPENSPEC_AGENT_DB: options.registryPath }),
      ...(options.workdir === undefined ? {} : { OPENSPEC_AGENT_WORKDIR: options.workdir }),
      ...(options.openspecBin === undefined ? {} : { OPENSPEC_BIN: options.openspecBin }),
    },
  };
  switch (client) {
    case "claude":
      return claudeCommand(launch, options.workdir === undefined ? "user" : "local");
    case "codex":
      return codexToml(launch);
    case "cursor":
      return cursorJson(launch);
    case "hermes":
      return hermesYaml(launch);
  }
}

// The name goes before -e: Claude Code's -e takes several values and would
// swallow a name that follows it.
function claudeCommand(launch: Launch, scope: "user" | "local"): string {
  const env = Object.entries(launch.env).flatMap(([key, value]) => ["-e", `${key}=${value}`]);
  const words = [
    "claude",
    "mcp",
    "add",
    "--scope",
    scope,
    SERVER_NAME,
    ...env,
    "--",
    launch.command,
    ...launch.args,
  ];
  return `${words.map(quoteShellWord).join(" ")}\n`;
}

// JSON strings and arrays of them are valid TOML basic strings and arrays, so
// every value is written with JSON.stringify and needs no TOML library. Codex's
// code mode puts each tool's output schema into the model's context, so the
// server leaves them out for it (the answers keep their structuredContent).
function codexToml(launch: Launch): string {
  const env = { OPENSPEC_AGENT_OUTPUT_SCHEMAS: "off", ...launch.env };
  return [
    `[mcp_servers.${SERVER_NAME}]`,
    `command = ${JSON.stringify(launch.command)}`,
    `args = ${JSON.stringify(launch.args)}`,
    "",
    `[mcp_servers.${SERVER_NAME}.env]`,
    ...Object.entries(env).map(([key, value]) => `${key} = ${JSON.stringify(value)}`),
    "",
  ].join("\n");
}

function cursorJson(launch: Launch): string {
  const server = {
    command: launch.command,
    args: launch.args,
    ...(Object.keys(launch.env).length === 0 ? {} : { env: launch.env }),
  };
  return `${JSON.stringify({ mcpServers: { [SERVER_NAME]: server } }, null, 2)}\n`;
}

// JSON strings are valid YAML double-quoted scalars, so every value is written
// with JSON.stringify and needs no YAML library.
function hermesYaml(launch: Launch): string {
  const lines = [
    "mcp_servers:",
    `  ${SERVER_NAME}:`,
    `    command: ${JSON.stringify(launch.command)}`,
    `    args: [${launch.args.map((arg) => JSON.stringify(arg)).join(", ")}]`,
  ];
  const env = Object.entries(launch.env);
  if (env.length > 0) {
    lines.push("    env:", ...env.map(([key, value]) => `      ${key}: ${JSON.stringify(value)}`));
  }
  return `${lines.join("\n")}\n`;
}
