import { processTerminal } from "../output/terminal.js";
import { runCli } from "../program.js";
import type { BinRun } from "./run-bin.js";

/**
 * Runs `openspec-agent` in this process through its main function, with
 * exactly the given environment and working folder, and gives what the bin
 * gives: the exit code it would exit with, and stdout and stderr as the bin
 * writes them (neither is a terminal: no colour, no status line). It spares
 * a test a Node start and the bundle's load per command; tests of the
 * process itself (stdin, signals, a closed pipe, the exit status the shell
 * sees) use `runBin`.
 */
export async function runCommand(
  args: string[],
  options: { env: Record<string, string | undefined>; cwd: string },
): Promise<BinRun> {
  let stdout = "";
  let stderr = "";
  const terminal = processTerminal(options.env, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  const status = await runCli(args, { env: options.env, cwd: options.cwd, terminal });
  return { status, stdout, stderr };
}
