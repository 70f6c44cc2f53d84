import { spawn } from "node:child_process";

export type CommandRun = { status: number | null; stdout: string; stderr: string };

/**
 * Runs a command without blocking this process's event loop (the prebuild
 * mirror answers from it while npm installs), with a generous deadline so a
 * hang fails the test instead of stalling it.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number },
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} did not finish in ${options.timeoutMs} ms`));
    }, options.timeoutMs ?? 120_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    // A child that exits without reading its input closes the pipe first; that is not a failure.
    child.stdin.on("error", () => {});
    child.stdin.end(options.input ?? "");
  });
}

/** The run's output, for an assertion message. */
export function describeRun(run: CommandRun): string {
  return `exit ${run.status}\nstdout: ${run.stdout.slice(-4000)}\nstderr: ${run.stderr.slice(-4000)}`;
}
