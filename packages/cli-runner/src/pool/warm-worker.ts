import { pathToFileURL } from "node:url";
import {
  type ConfinedView,
  type ConfinementAvailable,
  confineCommand,
} from "@org/openspec-confine";
import { createBoundedCollector } from "../bounded-collector.js";
import { compiledScript } from "../compiled-script.js";
import { launchBounded } from "../launch-bounded.js";
import { signalProcessGroup } from "../signal-process-group.js";
import type { BoundedSpawnOutcome, SupervisionLimits } from "../supervise-bounded.js";
import { readControlMessages } from "./read-control-messages.js";
import type { OpenSpecPackage } from "./resolve-openspec-package.js";
import { superviseCommand } from "./supervise-command.js";

const WORKER_SCRIPT = compiledScript(import.meta.url, "openspec-worker.js", "pool");

export interface WorkerCommand extends SupervisionLimits {
  cwd: string;
  /** The binary as given, then the arguments; the worker puts its node in front for `runCli`. */
  argv: string[];
  maxOutputBytes: number;
}

/** A view a worker is started inside, and the means to confine it. */
export interface WorkerConfinement {
  support: ConfinementAvailable;
  /** The complete view: the caller's, plus the CLI's files and Node. */
  view: ConfinedView;
  /** `viewKey` of the caller's view: runs of equal keys share workers. */
  key: string;
}

/** One pre-started process that has imported the CLI and serves commands one at a time. */
export interface WarmWorker {
  readonly pid: number | undefined;
  /** The view it was started inside (`viewKey` of it), or "" when it is not confined; it serves only runs of the same view. */
  readonly viewKey: string;
  /** True once the CLI is imported; false when the worker died first. */
  readonly ready: Promise<boolean>;
  isReady(): boolean;
  /** Settles when the process is gone, whatever the reason. */
  readonly closed: Promise<unknown>;
  /** How many commands it has started. */
  served(): number;
  /**
   * Runs the command. Undefined when the worker failed before the command
   * started: nothing ran, so the caller can run it cold instead.
   */
  serve(command: WorkerCommand): Promise<BoundedSpawnOutcome | undefined>;
  /** True when the worker is alive and idle after a command: it can take the next one. */
  isReusable(): boolean;
  /** Kills an idle worker's process group. */
  kill(): void;
}

/**
 * Starts a worker with `env`, the complete environment of the commands it may
 * serve. The worker runs `node` from that environment's PATH, as the CLI's
 * `#!/usr/bin/env node` line would, and does not keep the host alive while idle.
 * With `confinement`, it runs inside that view (bwrap passes fd 3 through),
 * and so does every command it serves.
 */
export function startWarmWorker(
  pkg: OpenSpecPackage,
  env: Record<string, string>,
  confinement?: WorkerConfinement & { node: string },
): WarmWorker {
  const argv = [WORKER_SCRIPT, pathToFileURL(pkg.cliEntry).href];
  const [file, ...args] =
    confinement === undefined
      ? ["node", ...argv]
      : confineCommand(confinement.support, [confinement.node, ...argv], confinement.view);
  const launched = launchBounded({
    file: file as string,
    args,
    cwd: pkg.root,
    env,
    withControlChannel: true,
  });
  launched.holdHost(false);
  const messages = readControlMessages(launched.control);
  let readyNow = false;
  const ready = messages.next().then((said) => {
    readyNow = said === "ready";
    return readyNow;
  });
  let alive = launched.pid !== undefined;
  void launched.closed.then(() => {
    alive = false;
  });
  const kill = () => {
    if (launched.pid !== undefined) signalProcessGroup(launched.pid, "SIGKILL");
  };

  // Bytes received on each stream since launch, and where they go now: the
  // command being served. Output while idle means something of an earlier
  // command is still running, so the worker is not used again.
  const received = { stdout: 0, stderr: 0 };
  let current: ReturnType<typeof outputFor> | undefined;
  let forwarding = false;
  let idleOutput = false;
  let servedCount = 0;
  let reusable = false;
  const outputFor = (maxOutputBytes: number) => ({
    stdout: createBoundedCollector(maxOutputBytes),
    stderr: createBoundedCollector(maxOutputBytes),
    listeners: new Set<() => void>(),
  });
  const sink = (stream: "stdout" | "stderr", chunk: Buffer) => {
    received[stream] += chunk.length;
    if (current === undefined) {
      idleOutput = true;
      reusable = false;
      kill();
      return;
    }
    current[stream].add(chunk);
    for (const listener of current.listeners) listener();
  };

  return {
    pid: launched.pid,
    viewKey: confinement?.key ?? "",
    ready,
    isReady: () => readyNow,
    closed: launched.closed,
    served: () => servedCount,
    isReusable: () => reusable && alive && !idleOutput,
    async serve(command) {
      // What it printed while importing belongs to the first command, as in a
      // cold run; a worker that printed more than that is not used.
      if (!alive || idleOutput || launched.earlyOutputOverflowed()) {
        kill();
        return undefined;
      }
      reusable = false;
      servedCount += 1;
      launched.holdHost(true);
      const output = outputFor(command.maxOutputBytes);
      current = output;
      if (!forwarding) {
        forwarding = true;
        launched.forward(sink);
      }
      const outcome = await superviseCommand({
        launched,
        messages,
        ready,
        request: `${JSON.stringify({ cwd: command.cwd, argv: command.argv })}\n`,
        limits: command,
        output,
        received,
        isAlive: () => alive,
      });
      current = undefined;
      if (outcome.kind === "served" && alive) {
        reusable = true;
        launched.holdHost(false);
      }
      return outcome.kind === "not_started" ? undefined : outcome.outcome;
    },
    kill,
  };
}

/** Equal views give equal keys: a worker serves only runs whose view is its own. */
export function viewKey(view: ConfinedView): string {
  return JSON.stringify([
    view.root,
    view.writable,
    [...(view.readOnly ?? [])].sort(),
    [...(view.readWrite ?? [])].sort(),
    Object.entries(view.setEnv ?? {}).sort(),
  ]);
}
