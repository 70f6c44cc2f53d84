import { type ChildProcess, spawn } from "node:child_process";
import type { Duplex } from "node:stream";
import { type BoundedCollector, createBoundedCollector } from "./bounded-collector.js";
import { ensureHostWatchdog } from "./live-process-groups.js";

export interface LaunchRequest {
  file: string;
  args: readonly string[];
  cwd: string;
  /** The complete environment; nothing is inherited. */
  env: Record<string, string>;
  /** Opens fd 3 as a two-way pipe, the channel a warm worker talks on. */
  withControlChannel?: boolean;
}

export type ProcessExit = { exitCode: number | null; signal: NodeJS.Signals | null };

export interface CollectedOutput {
  stdout: BoundedCollector;
  stderr: BoundedCollector;
}

/**
 * What a process may print before anyone collects its output (a warm worker's
 * import-time warnings); past it, the process is not to be used.
 */
const EARLY_OUTPUT_LIMIT = 64 * 1024;

/** A started process whose output is held until someone collects it. */
export interface LaunchedProcess {
  /** Undefined when the OS could not start it. */
  readonly pid: number | undefined;
  /** Settles once the process has exited and every pipe is closed. */
  readonly closed: Promise<ProcessExit>;
  /** Settles once the process itself has exited, whoever still holds its pipes. */
  readonly exited: Promise<ProcessExit>;
  /** fd 3, when `withControlChannel` was set. */
  readonly control: Duplex | undefined;
  spawnError(): Error | undefined;
  /**
   * From now on keeps at most `maxOutputBytes` of each stream; what the
   * process printed before is replayed into the collectors first.
   */
  collect(maxOutputBytes: number): CollectedOutput;
  /**
   * Like `collect`, but hands every chunk to `sink` uncapped, for a worker that
   * serves several commands and splits its output between them.
   */
  forward(sink: (stream: "stdout" | "stderr", chunk: Buffer) => void): void;
  /** Whether the process printed more than `EARLY_OUTPUT_LIMIT` bytes before `collect`; the rest was dropped. */
  earlyOutputOverflowed(): boolean;
  /** Whether this process and its pipes keep the host's event loop alive. */
  holdHost(hold: boolean): void;
  /** Stops reading: for a process that escaped its group and still holds the pipes open. */
  destroyPipes(): void;
}

/**
 * Starts one process: no shell, stdin closed, detached so that it leads its
 * own process group (a timeout kills the whole tree), stdout and stderr piped.
 */
export function launchBounded(request: LaunchRequest): LaunchedProcess {
  ensureHostWatchdog();
  // Node's own spawn, not tinyexec: tinyexec's buffering, timeout and
  // throw-on-error would all be turned off here (its buffer keeps all output and
  // its timeout kills only the direct child), which leaves a plain spawn. The
  // output cap, the group kill and the warm pool are this package's job.
  let child: ChildProcess | undefined;
  let launchError: Error | undefined;
  try {
    child = spawn(request.file, request.args, {
      cwd: request.cwd,
      env: request.env,
      detached: true,
      stdio: request.withControlChannel
        ? ["ignore", "pipe", "pipe", "pipe"]
        : ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    // Node throws at once for arguments it cannot pass to the OS (a NUL byte, say).
    launchError = error instanceof Error ? error : new Error(String(error));
  }

  let spawnError: Error | undefined = launchError;
  child?.once("error", (error) => {
    spawnError = error;
  });
  const closed = new Promise<ProcessExit>((resolve) => {
    if (child === undefined) resolve({ exitCode: null, signal: null });
    else child.once("close", (exitCode, signal) => resolve({ exitCode, signal }));
  });
  // A process that never started emits no "exit", only "error" and "close".
  const exited = Promise.race([
    closed,
    new Promise<ProcessExit>((resolve) => {
      child?.once("exit", (exitCode, signal) => resolve({ exitCode, signal }));
    }),
  ]);
  const control = request.withControlChannel ? (child?.stdio[3] as Duplex | null) : undefined;
  // A worker that dies mid-write must not crash the host with EPIPE.
  control?.on("error", () => {});

  const early = { stdout: [] as Buffer[], stderr: [] as Buffer[], bytes: 0, overflowed: false };
  const keepEarly = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
    early.bytes += chunk.length;
    if (early.bytes > EARLY_OUTPUT_LIMIT) early.overflowed = true;
    else early[stream].push(chunk);
  };
  const earlyStdout = keepEarly("stdout");
  const earlyStderr = keepEarly("stderr");
  child?.stdout?.on("data", earlyStdout);
  child?.stderr?.on("data", earlyStderr);

  const pipes = [child?.stdout, child?.stderr, control ?? undefined];
  const forward = (sink: (stream: "stdout" | "stderr", chunk: Buffer) => void): void => {
    child?.stdout?.off("data", earlyStdout);
    child?.stderr?.off("data", earlyStderr);
    for (const chunk of early.stdout) sink("stdout", chunk);
    for (const chunk of early.stderr) sink("stderr", chunk);
    early.stdout = [];
    early.stderr = [];
    child?.stdout?.on("data", (chunk: Buffer) => sink("stdout", chunk));
    child?.stderr?.on("data", (chunk: Buffer) => sink("stderr", chunk));
  };
  return {
    pid: child?.pid,
    closed,
    exited,
    control: control ?? undefined,
    spawnError: () => spawnError,
    collect(maxOutputBytes) {
      const output = {
        stdout: createBoundedCollector(maxOutputBytes),
        stderr: createBoundedCollector(maxOutputBytes),
      };
      forward((stream, chunk) => output[stream].add(chunk));
      return output;
    },
    forward,
    earlyOutputOverflowed: () => early.overflowed,
    destroyPipes() {
      for (const pipe of pipes) pipe?.destroy();
    },
    holdHost(hold) {
      for (const target of [child, ...pipes]) {
        const handle = target as { ref?: () => void; unref?: () => void } | null | undefined;
        if (hold) handle?.ref?.();
        else handle?.unref?.();
      }
    },
  };
}
