import { createRequire } from "node:module";
import { Command, CommanderError } from "commander";
import { registerCatalogCommands } from "./commands/catalog-commands.js";
import { registerHostCommands } from "./commands/host-commands.js";
import { registerRepositoryCommands } from "./commands/repository-commands.js";
import { registerSourceCommands } from "./commands/source-commands.js";
import { registerSpecCommands } from "./commands/spec-commands.js";
import { processTerminal, type Terminal } from "./output/terminal.js";
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
};

/** Runs `openspec-agent` with the given arguments (without node and the script) and returns the exit code. */
export async function runCli(
  args: readonly string[],
  options: RunCliOptions = {},
): Promise<number> {
  const env = options.env ?? process.env;
  const terminal = options.terminal ?? processTerminal(env);
  const session = createSession(terminal, env, options.cwd ?? process.cwd(), {
    handleSignals: options.handleSignals === true,
  });
  const program = new Command("openspec-agent")
    .description(
      "OpenSpec tools for agents and people: the tool catalog and the registry of repositories",
    )
    .version(packageVersion(), "-V, --version")
    .option("--json", "print the tool's result as JSON, exactly")
    .option(
      "--db <file>",
      "the registry file (default: $OPENSPEC_AGENT_DB, else the user's data folder)",
    )
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => terminal.out(text.trimEnd()),
      writeErr: (text) => terminal.err(text.trimEnd()),
    });
  program.hook("preAction", (_root, action) => {
    session.registryPath = action.optsWithGlobals<{ db?: string }>().db;
  });
  registerSourceCommands(program, session);
  registerRepositoryCommands(program, session);
  registerSpecCommands(program, session);
  registerCatalogCommands(program, session);
  registerHostCommands(program, session);
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

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...allCommands(child)]);
}

function packageVersion(): string {
  const manifest: unknown = createRequire(import.meta.url)("../package.json");
  return typeof manifest === "object" &&
    manifest !== null &&
    "version" in manifest &&
    typeof manifest.version === "string"
    ? manifest.version
    : "0.0.0";
}
