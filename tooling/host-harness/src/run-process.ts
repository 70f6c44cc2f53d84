import { spawn } from "node:child_process";

export type ProcessRun = {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};

/** Runs a program to its end with `input` on stdin. */
export function runProcess(
  file: string,
  args: readonly string[],
  options: { env: Record<string, string | undefined>; cwd: string; input?: string },
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: options.env, cwd: options.cwd });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.once("error", reject);
    child.once("close", (exitCode, signal) =>
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      }),
    );
    // A program that exits before reading everything closes the pipe; that is its answer, not ours to fail on.
    child.stdin.on("error", () => {});
    child.stdin.end(options.input ?? "");
  });
}
