import { runCli } from "@org/openspec-cli";
import { createOpenSpecPool } from "@org/openspec-cli-runner";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";
import { cliHostOver } from "./open-cli-host.js";

/**
 * The shell CLI run in this process through its main function, `runCli`:
 * the same command line, parsing, tool call and printing as the bin, without
 * starting Node and loading the bundle for every call. For suites that call
 * a tool hundreds of times; what only the bin's own process does (stdin,
 * signals, the exit status the shell sees) is the bin host's and the CLI's
 * own tests'.
 */
export async function openCliHostInProcess({
  env,
  cwd,
  warmPool,
}: HostOptions): Promise<HostUnderTest> {
  // One pool for every command line of this host, as each runCli would start the CLI cold.
  const pool = warmPool ? createOpenSpecPool({ env }) : undefined;
  const host = cliHostOver(async (args) => {
    let stdout = "";
    let stderr = "";
    // As the bin prints to a pipe: each line ends in a newline, no colour, no status line.
    const line = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);
    const terminal = {
      out: (text: string) => {
        stdout += line(text);
      },
      err: (text: string) => {
        stderr += line(text);
      },
      color: false,
    };
    const exitCode = await runCli(args, { env, cwd, terminal, ...(pool ? { pool } : {}) });
    return { exitCode, stdout, stderr };
  }, "argv");
  return {
    ...host,
    close: async () => {
      await host.close();
      pool?.close();
    },
  };
}
