import { fileURLToPath, pathToFileURL } from "node:url";
import { type LaunchedProcess, launchBounded } from "../launch-bounded.js";
import { signalProcessGroup } from "../signal-process-group.js";
import {
  type BoundedSpawnOutcome,
  type SupervisionLimits,
  superviseBounded,
} from "../supervise-bounded.js";
import type { OpenSpecPackage } from "./resolve-openspec-package.js";

// The compiled worker; from src/pool (tests) and dist/pool alike this is
// dist/pool/openspec-worker.js, because src and dist are sibling folders.
const WORKER_SCRIPT = fileURLToPath(new URL("../../dist/pool/openspec-worker.js", import.meta.url));

export interface WorkerCommand extends SupervisionLimits {
  cwd: string;
  /** The binary as given, then the arguments; the worker puts its node in front for `runCli`. */
  argv: string[];
  maxOutputBytes: number;
}

/** One pre-started process that has imported the CLI and serves exactly one command. */
export interface WarmWorker {
  readonly pid: number | undefined;
  /** True once the CLI is imported; false when the worker died first. */
  readonly ready: Promise<boolean>;
  isReady(): boolean;
  /** Settles when the process is gone, whatever the reason. */
  readonly closed: Promise<unknown>;
  /**
   * Runs the command. Undefined when the worker failed before the command
   * started: nothing ran, so the caller can run it cold instead.
   */
  serve(command: WorkerCommand): Promise<BoundedSpawnOutcome | undefined>;
  /** Kills an idle worker's process group. */
  kill(): void;
}

/**
 * Starts a worker with `env`, the complete environment of the commands it may
 * serve. The worker runs `node` from that environment's PATH, as the CLI's
 * `#!/usr/bin/env node` line would, and does not keep the host alive while idle.
 */
export function startWarmWorker(pkg: OpenSpecPackage, env: Record<string, string>): WarmWorker {
  const launched = launchBounded({
    file: "node",
    args: [WORKER_SCRIPT, pathToFileURL(pkg.cliEntry).href],
    cwd: pkg.root,
    env,
    withControlChannel: true,
  });
  launched.holdHost(false);
  const messages = readControlMessages(launched);
  let readyNow = false;
  const ready = messages.next("ready").then((said) => {
    readyNow = said;
    return said;
  });
  const kill = () => {
    if (launched.pid !== undefined) signalProcessGroup(launched.pid, "SIGKILL");
  };

  return {
    pid: launched.pid,
    ready,
    isReady: () => readyNow,
    closed: launched.closed,
    async serve(command) {
      // What it printed while importing belongs to the command, as in a cold run;
      // a worker that printed more than that is not used.
      if (launched.earlyOutputOverflowed()) {
        kill();
        return undefined;
      }
      launched.holdHost(true);
      const output = launched.collect(command.maxOutputBytes);
      const outcome = superviseBounded(launched, output, command);
      launched.control?.write(`${JSON.stringify({ cwd: command.cwd, argv: command.argv })}\n`);
      await ready;
      if (await messages.next("started")) return outcome;
      const failed = await outcome;
      // A worker that hung before starting is a timeout like a cold hang, not a retry.
      return failed.kind === "finished" && failed.timedOut ? failed : undefined;
    },
    kill,
  };
}

/**
 * The worker's newline-terminated words on fd 3, taken one at a time; once
 * fd 3 has ended (the worker closed it or died) every further wait is false.
 */
function readControlMessages(launched: LaunchedProcess): {
  next(expected: string): Promise<boolean>;
} {
  const said: string[] = [];
  let wake: (() => void) | undefined;
  let ended = launched.control === undefined;
  let buffered = "";
  const control = launched.control;
  control?.setEncoding("utf8");
  control?.on("data", (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
      said.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
    wake?.();
  });
  const finish = () => {
    ended = true;
    wake?.();
  };
  control?.once("end", finish);
  control?.once("close", finish);
  return {
    async next(expected) {
      while (said.length === 0 && !ended) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      return said.shift() === expected;
    },
  };
}
