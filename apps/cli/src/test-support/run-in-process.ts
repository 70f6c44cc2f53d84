import type { ToolDefinition } from "@org/openspec-core";
import { isolatedEnvironment, temporaryFolder } from "@org/test-kit";
import { runCli } from "../program.js";

/**
 * Runs `openspec-agent` in this process with tools of a test's own, in an
 * isolated home (or the given environment, to run several commands on one
 * registry), and returns its exit code and what it printed.
 */
export async function runInProcess(
  args: string[],
  tools: readonly ToolDefinition[],
  cwd = temporaryFolder("cwd-"),
  env: Record<string, string | undefined> = isolatedEnvironment({}).env,
): Promise<{ code: number; stdout: string; stderr: string; cwd: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const terminal = {
    out: (text: string) => out.push(text),
    err: (text: string) => err.push(text),
    color: false,
  };
  const code = await runCli(args, { env, cwd, terminal, tools });
  return { code, stdout: out.join("\n"), stderr: err.join("\n"), cwd };
}
