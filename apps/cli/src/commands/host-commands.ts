import { join, resolve } from "node:path";
import { defaultToolsetNames, toolsets } from "@org/openspec-core/startup";
import type { McpClientName } from "@org/openspec-mcp-host";
import { type Command, InvalidArgumentError } from "commander";
import { renderHermesInstall } from "../output/render-hermes-install.js";
import { renderHermesUninstall } from "../output/render-hermes-uninstall.js";
import { packageRoot } from "../package-root.js";
import type { Session } from "../session.js";

const CLIENTS: readonly McpClientName[] = ["claude", "codex", "cursor", "hermes"];

// The hosts are loaded only by the commands that need them, so every other
// command starts without the MCP SDK and the Hermes installer. The Hermes host
// ships the plugin folder with its installer, so `hermes install` works right
// after installing the CLI alone.
const loadHermes = () => import("@org/openspec-hermes-host");
const loadMcp = () => import("@org/openspec-mcp-host");

/** `hermes install|uninstall` and `mcp [config]`: set up the other two hosts. */
export function registerHostCommands(program: Command, session: Session): void {
  const hermes = program.command("hermes").description("install the Hermes Agent plugin");
  hermes
    .command("install")
    .description(
      "put the plugin into $HERMES_HOME/plugins/openspec and enable it in config.yaml (with --db, its bridge uses that registry)",
    )
    .option("--hermes-home <dir>", "the Hermes home (default: $HERMES_HOME, else ~/.hermes)")
    .option("--link", "link the plugin folder instead of copying it (development)")
    .option("--force", "move another plugin named openspec out of the way")
    .action(
      async (
        options: { hermesHome?: string; link?: boolean; force?: boolean },
        command: Command,
      ) => {
        const { installHermesPlugin } = await loadHermes();
        // The global --db: the plugin's bridge then uses that registry file too.
        const result = installHermesPlugin({
          env: session.env,
          ...(options.hermesHome === undefined
            ? {}
            : { hermesHome: resolve(session.cwd, options.hermesHome) }),
          ...(session.registryPath === undefined ? {} : { registryPath: session.registryPath }),
          ...(options.link ? { link: true } : {}),
          ...(options.force ? { force: true } : {}),
        });
        session.print(command, "hermes_install", result, renderHermesInstall);
      },
    );
  hermes
    .command("uninstall")
    .description("remove the plugin folder and its config.yaml entry")
    .option("--hermes-home <dir>", "the Hermes home (default: $HERMES_HOME, else ~/.hermes)")
    .action(async (options: { hermesHome?: string }, command: Command) => {
      const { uninstallHermesPlugin } = await loadHermes();
      const result = uninstallHermesPlugin({
        env: session.env,
        ...(options.hermesHome === undefined
          ? {}
          : { hermesHome: resolve(session.cwd, options.hermesHome) }),
      });
      session.print(command, "hermes_uninstall", result, renderHermesUninstall);
    });

  const mcp = program
    .command("mcp")
    .description("serve the catalog over MCP on stdin/stdout, or over HTTP with --http")
    .option("-w, --workdir <path>", "the repository for calls that name neither source nor workdir")
    .option("--http", "serve over Streamable HTTP at http://<host>:<port>/mcp (bearer tokens)")
    .option(
      "--port <n>",
      "the HTTP port (default 3845; 0 picks a free one)",
      wholeNumberFrom(0, 65_535),
    )
    .option("--host <address>", "the address to bind (default 127.0.0.1)")
    .option("--no-auth", "serve without tokens; refused unless --host is a loopback address")
    .option(
      "--allowed-host <name>",
      "a host name clients use to reach the server (DNS-rebinding protection); repeatable",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      "--max-sessions-per-token <n>",
      "sessions one token may hold at once (default 20); more get 429",
      wholeNumberFrom(1, 100_000),
    )
    .option(
      "--max-subscriptions-per-token <n>",
      "resource subscriptions the sessions of one token may hold together (default 200)",
      wholeNumberFrom(1, 100_000),
    )
    .option(
      "--allow-any-workdir",
      "let tokens pass workdir (any folder this user can read); by default they reach registered sources only",
    )
    .option(
      "--toolsets <names>",
      `the toolsets to offer, separated by commas: ${toolsets.map((toolset) => toolset.name).join(", ")}; "all" for every tool (default: $OPENSPEC_AGENT_TOOLSETS, else ${defaultToolsetNames.join(",")})`,
    )
    .option(
      "--dynamic-toolsets",
      "also offer openspec_toolsets, which lists the other toolsets and enables one during the session",
    )
    .option(
      "--no-output-schemas",
      "leave each tool's output schema out of tools/list, for clients that put it into the model's context (Codex's code mode; default: $OPENSPEC_AGENT_OUTPUT_SCHEMAS, else on)",
    )
    .option(
      "--read-only",
      "offer only the tools that change nothing (stdio; over HTTP, tokens say so)",
    )
    .action(async (options: McpOptions, command: Command) => {
      const common = {
        env: session.env,
        ...(options.workdir === undefined
          ? {}
          : { workdir: resolve(session.cwd, options.workdir) }),
        ...(session.registryPath === undefined ? {} : { registryPath: session.registryPath }),
      };
      // The same names and check as openspec-mcp's --toolsets, before anything starts.
      const toolsets = options.toolsets ?? (session.env.OPENSPEC_AGENT_TOOLSETS || undefined);
      const { chooseOutputSchemas, chooseToolsets } = await loadMcp();
      const chosen = chooseToolsets(toolsets);
      if (!chosen.ok) command.error(`error: ${chosen.error} ${chosen.fix}`);
      // commander reads --no-output-schemas as outputSchemas: false, and true when not given.
      const outputSchemas = chooseOutputSchemas(
        options.outputSchemas ? undefined : false,
        session.env.OPENSPEC_AGENT_OUTPUT_SCHEMAS || undefined,
      );
      if (!outputSchemas.ok) command.error(`error: ${outputSchemas.error} ${outputSchemas.fix}`);
      const offer = {
        ...(toolsets === undefined ? {} : { toolsets }),
        ...(options.dynamicToolsets === true ? { dynamicToolsets: true } : {}),
        outputSchemas: outputSchemas.outputSchemas,
      };
      if (options.http !== true) {
        const httpOnly = options.port !== undefined || options.host !== undefined || !options.auth;
        const httpOnlyToo =
          options.allowedHost !== undefined ||
          options.maxSessionsPerToken !== undefined ||
          options.maxSubscriptionsPerToken !== undefined ||
          options.allowAnyWorkdir === true;
        if (httpOnly || httpOnlyToo) {
          command.error(
            "error: --port, --host, --no-auth, --allowed-host, --max-sessions-per-token, --max-subscriptions-per-token and --allow-any-workdir need --http.",
          );
        }
        const { startStdioServer } = await loadMcp();
        await startStdioServer({
          ...common,
          ...offer,
          ...(options.readOnly === true ? { readOnly: true } : {}),
        });
        return;
      }
      if (options.readOnly === true) {
        command.error(
          "error: --read-only is for stdio; over --http a token made with --read-only (openspec-agent tokens create) sees only the tools that change nothing.",
        );
      }
      const { runHttpServer } = await loadMcp();
      await runHttpServer({
        ...common,
        ...(options.port === undefined ? {} : { port: options.port }),
        ...(options.host === undefined ? {} : { host: options.host }),
        ...(options.auth ? {} : { noAuth: true }),
        ...(options.allowedHost === undefined ? {} : { allowedHosts: options.allowedHost }),
        ...(options.maxSessionsPerToken === undefined
          ? {}
          : { maxSessionsPerToken: options.maxSessionsPerToken }),
        ...(options.maxSubscriptionsPerToken === undefined
          ? {}
          : { maxSubscriptionsPerToken: options.maxSubscriptionsPerToken }),
        ...(options.allowAnyWorkdir === true ? { allowAnyWorkdir: true } : {}),
        ...offer,
      });
    });
  mcp
    .command("config")
    .description("print the configuration that makes an MCP client start this server")
    .requiredOption("--client <name>", `one of ${CLIENTS.join(", ")}`, parseClient)
    .option("--db <file>", "a registry file other than the default (sets OPENSPEC_AGENT_DB)")
    .option(
      "-w, --workdir <path>",
      "a default repository (sets OPENSPEC_AGENT_WORKDIR; Claude Code: local scope)",
    )
    .option(
      "--openspec-bin <path>",
      "the OpenSpec CLI the server should run (sets OPENSPEC_BIN; default: $OPENSPEC_BIN when set)",
    )
    .action(async (_options: unknown, command: Command) => {
      // --db belongs to the root and -w to `mcp` as well, and commander hands an
      // option to the first command that defines it, so read them from every level.
      const options = command.optsWithGlobals<{
        client: McpClientName;
        db?: string;
        workdir?: string;
        openspecBin?: string;
      }>();
      const openspecBin = options.openspecBin ?? (session.env.OPENSPEC_BIN || undefined);
      const { mcpConfigSnippet } = await loadMcp();
      session.terminal.out(
        mcpConfigSnippet(options.client, {
          command: process.execPath,
          args: [cliBin(), "mcp"],
          ...(options.db === undefined ? {} : { registryPath: resolve(session.cwd, options.db) }),
          ...(options.workdir === undefined
            ? {}
            : { workdir: resolve(session.cwd, options.workdir) }),
          ...(openspecBin === undefined ? {} : { openspecBin: resolve(session.cwd, openspecBin) }),
        }),
      );
    });
}

/**
 * This CLI's own launcher: `openspec-agent mcp` serves the same catalog as the
 * openspec-mcp bin, and it is always installed where this command runs, while
 * the MCP server's package may not be.
 */
function cliBin(): string {
  return join(packageRoot(), "bin", "openspec-agent.js");
}

type McpOptions = {
  workdir?: string;
  http?: boolean;
  port?: number;
  host?: string;
  /** commander's reading of --no-auth: false when it was given. */
  auth: boolean;
  allowedHost?: string[];
  maxSessionsPerToken?: number;
  maxSubscriptionsPerToken?: number;
  allowAnyWorkdir?: boolean;
  toolsets?: string;
  dynamicToolsets?: boolean;
  /** commander's reading of --no-output-schemas: false when it was given. */
  outputSchemas: boolean;
  readOnly?: boolean;
};

/** A flag's parser for a whole number from `min` to `max`; anything else is a usage error. */
function wholeNumberFrom(min: number, max: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max) {
      throw new InvalidArgumentError(`Use a number from ${min} to ${max}.`);
    }
    return number;
  };
}

function parseClient(value: string): McpClientName {
  const client = CLIENTS.find((candidate) => candidate === value);
  if (!client) throw new InvalidArgumentError(`Use one of ${CLIENTS.join(", ")}.`);
  return client;
}
