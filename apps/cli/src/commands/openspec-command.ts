import { spawn } from "node:child_process";
import { constants } from "node:os";
import type { Command } from "commander";
import type { Terminal } from "../output/terminal.js";
import type { Session } from "../session.js";

/** The first word of `openspec-agent openspec <args…>`. */
export const OPENSPEC_COMMAND = "openspec";

const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * `openspec <args…>`: the OpenSpec CLI installed with openspec-agent (the
 * pinned `@fission-ai/openspec`), so `openspec init` and every other OpenSpec
 * command work without installing OpenSpec on PATH. `runCli` sends a command
 * line that starts with `openspec` here before commander parses it, since
 * commander would take `--json`, `--version` or `--help` after the word for
 * openspec-agent's own; this registration lists the command in `--help` and
 * serves a line with global options before the word (`--db F openspec ...`).
 */
export function registerOpenSpecCommand(
  program: Command,
  session: Session,
  options: { forwardSignals: boolean },
): void {
  program
    .command(OPENSPEC_COMMAND)
    .description(
      "run the OpenSpec CLI installed with openspec-agent (@fission-ai/openspec) with these arguments, e.g. openspec init",
    )
    .argument("[args...]", "the OpenSpec CLI's arguments, passed on unchanged")
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (args: string[]) => {
      session.exitCode = await runBundledOpenSpec(args, { ...session, ...options });
    });
}

/**
 * Runs the bundled `bin/openspec.js` (found by the runner's own rule) with the
 * host's Node, no shell, the arguments as given and this process's stdin,
 * stdout and stderr, and answers its exit code (128 + n when a signal ended
 * it). With `forwardSignals` (the `openspec-agent` binary, not in-process
 * callers), SIGINT, SIGTERM and SIGHUP sent to openspec-agent are passed on
 * to it, so stopping openspec-agent never leaves the OpenSpec CLI running.
 */
export async function runBundledOpenSpec(
  args: readonly string[],
  context: {
    terminal: Terminal;
    env: Readonly<Record<string, string | undefined>>;
    cwd: string;
    forwardSignals: boolean;
  },
): Promise<number> {
  const { findBundledOpenSpec } = await import("@org/openspec-core/startup");
  const script = await findBundledOpenSpec();
  if (script === null) {
    context.terminal.err(
      "error The OpenSpec CLI installed with openspec-agent (@fission-ai/openspec) was not found. (cli_not_found)",
    );
    context.terminal.err(
      "fix   Reinstall @org/openspec-cli, or run pnpm install in a checkout; an openspec on PATH also works on its own.",
    );
    return 1;
  }
  const child = spawn(process.execPath, [script, ...args], {
    cwd: context.cwd,
    env: context.env,
    stdio: "inherit",
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  const signals = context.forwardSignals ? FORWARDED_SIGNALS : [];
  for (const signal of signals) process.on(signal, forward);
  try {
    return await new Promise<number>((resolve) => {
      child.on("error", (error) => {
        context.terminal.err(`error Could not start ${script}: ${error.message} (spawn_failed)`);
        resolve(1);
      });
      child.on("close", (code, signal) => {
        resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
      });
    });
  } finally {
    for (const signal of signals) process.off(signal, forward);
  }
}
