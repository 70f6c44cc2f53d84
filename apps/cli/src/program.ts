import { resolve } from "node:path";
import type { CatalogOptions, ToolDefinition, Workflow } from "@org/openspec-core";
import { Command, CommanderError } from "commander";
import { registerCatalogCommands } from "./commands/catalog-commands.js";
import { describeGroups } from "./commands/describe-groups.js";
import { registerHostCommands } from "./commands/host-commands.js";
import {
  OPENSPEC_COMMAND,
  registerOpenSpecCommand,
  runBundledOpenSpec,
} from "./commands/openspec-command.js";
import { registerImportCommand, SOURCE_IMPORT_TOOL } from "./commands/register-import-command.js";
import { registerToolCommands } from "./commands/register-tool-commands.js";
import { registerWorkflowCommands } from "./commands/register-workflow-commands.js";
import { registerServeCommand } from "./commands/serve-command.js";
import { registerTokenCommands } from "./commands/token-commands.js";
import { processTerminal, type Terminal } from "./output/terminal.js";
import { packageManifest } from "./package-root.js";
import { PROGRAM } from "./program-name.js";
import { createSession } from "./session.js";
import { USAGE_ERROR } from "./usage-error.js";

export type RunCliOptions = {
  terminal?: Terminal;
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
  /**
   * Whether SIGINT, SIGTERM and SIGHUP end this process after killing its CLI
   * runs (the `openspec-agent` binary); off for in-process callers.
   */
  handleSignals?: boolean;
  /** The tools offered as commands and called; default: the catalog of `@org/openspec-core`. */
  tools?: readonly ToolDefinition[];
  /**
   * Warm OpenSpec workers the caller keeps across command lines (a process that runs many of
   * them in turn); each command line otherwise starts the OpenSpec CLI cold, as the bin does.
   */
  pool?: CatalogOptions["pool"];
};

/** Runs `openspec-agent` with the given arguments (without node and the script) and returns the exit code. */
export async function runCli(
  args: readonly string[],
  options: RunCliOptions = {},
): Promise<number> {
  const env = options.env ?? process.env;
  const terminal = options.terminal ?? processTerminal(env);
  const cwd = options.cwd ?? process.cwd();
  const forwardSignals = options.handleSignals === true;
  // Everything after `openspec` belongs to the OpenSpec CLI, options included.
  if (args[0] === OPENSPEC_COMMAND)
    return runBundledOpenSpec(args.slice(1), { terminal, env, cwd, forwardSignals });
  const single = options.tools === undefined ? await singleTool(args) : undefined;
  const tools = options.tools ?? (single ? [single] : await catalogTools(args));
  const session = createSession(terminal, env, cwd, {
    handleSignals: options.handleSignals === true,
    ...(options.tools === undefined ? {} : { tools: options.tools }),
    ...(single ? { single } : {}),
    ...(options.pool === undefined ? {} : { pool: options.pool }),
  });
  const program = new Command(PROGRAM)
    .description(
      "OpenSpec tools for agents and people: the tool catalog and the registry of repositories",
    )
    .version(packageVersion(), "-V, --version")
    .option("--json", "print the tool's result as JSON, exactly")
    .option(
      "--db <file>",
      "the registry file or postgres:// URL (default: $OPENSPEC_AGENT_DB, else the user's data folder)",
    )
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => terminal.out(text.trimEnd()),
      writeErr: (text) => terminal.err(text.trimEnd()),
    });
  program.hook("preAction", (_root, action) => {
    const { db } = action.optsWithGlobals<{ db?: string }>();
    // A PostgreSQL URL is a server's address, not a file under the working folder.
    session.registryPath =
      db === undefined ? undefined : /^postgres(ql)?:\/\//i.test(db) ? db : resolve(cwd, db);
  });
  registerToolCommands(program, tools, session);
  if (!single) {
    // With the catalog's openspec_source_import, registerToolCommands made `sources import` already.
    if (!tools.some((tool) => tool.name === SOURCE_IMPORT_TOOL))
      registerImportCommand(program, session);
    registerCatalogCommands(program, session);
    registerHostCommands(program, session);
    registerTokenCommands(program, session);
    registerServeCommand(program, session);
    registerOpenSpecCommand(program, session, { forwardSignals });
    registerWorkflowCommands(program, session, await catalogWorkflows(args));
  }
  describeGroups(program);
  for (const command of allCommands(program)) command.exitOverride().showHelpAfterError();

  try {
    await program.parseAsync([...args], { from: "user" });
    return session.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === "commander.helpDisplayed" ||
        error.code === "commander.version" ||
        error.exitCode === 0
        ? 0
        : USAGE_ERROR;
    }
    throw error;
  } finally {
    session.close();
  }
}

/**
 * The one tool a command line runs, when its first words are that tool's
 * command (`context shop`, `task done ...`): only its command is built, which
 * prints and parses as it does in the whole tree, since a command's help,
 * errors and options are its own. Help, other commands and unknown words get
 * the whole tree; so does `sources import`, which holds two commands in one.
 */
async function singleTool(args: readonly string[]): Promise<ToolDefinition | undefined> {
  const { toolForCommand } = await import("@org/openspec-core/startup");
  const loader = toolForCommand(args);
  return loader && loader.name !== SOURCE_IMPORT_TOOL ? await loader.load() : undefined;
}

/**
 * The catalog's tools, which every command line but a bare `--version` needs
 * (help lists their commands). Only their definitions: the registry, the CLI
 * runner and the artifacts load when a command first calls a tool, so help and
 * usage errors never open the registry or load SQLite.
 */
async function catalogTools(args: readonly string[]): Promise<readonly ToolDefinition[]> {
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) return [];
  return (await (await import("@org/openspec-core/startup")).loadDefinitions()).toolCatalog;
}

/** The workflows, which `workflows` and help need; like the tools, not loaded for `--version`. */
async function catalogWorkflows(args: readonly string[]): Promise<readonly Workflow[]> {
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) return [];
  return (await (await import("@org/openspec-core/startup")).loadDefinitions()).workflowCatalog;
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...allCommands(child)]);
}

function packageVersion(): string {
  const { version } = packageManifest();
  return typeof version === "string" ? version : "0.0.0";
}
