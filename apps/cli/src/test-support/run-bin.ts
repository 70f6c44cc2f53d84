import { spawnSync } from "node:child_process";
import { join } from "node:path";

/** The built launcher, run as a user would run it. */
export const CLI_BIN = join(import.meta.dirname, "..", "..", "bin", "openspec-agent.js");

export type BinRun = { status: number | null; stdout: string; stderr: string };

/** Runs `openspec-agent` with the arguments, in `cwd`, with exactly the given environment. */
export function runBin(
  args: string[],
  options: { env: Record<string, string | undefined>; cwd: string; input?: string; bin?: string },
): BinRun {
  const run = spawnSync(process.execPath, [options.bin ?? CLI_BIN, ...args], {
    cwd: options.cwd,
    env: options.env,
    encoding: "utf8",
    input: options.input ?? "",
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
