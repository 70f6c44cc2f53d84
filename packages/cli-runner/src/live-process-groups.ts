import { type ChildProcess, spawn } from "node:child_process";
import { compiledScript } from "./compiled-script.js";
import { signalProcessGroup } from "./signal-process-group.js";

const WATCHDOG_SCRIPT = compiledScript(import.meta.url, "host-watchdog.js");

const live = new Set<number>();
let hooked = false;
let watchdog: ChildProcess | undefined;

/** SIGKILLs every CLI process group still running: for a host about to stop. */
export function killLiveProcessGroups(): void {
  for (const pid of live) signalProcessGroup(pid, "SIGKILL");
}

/**
 * Remembers a running CLI's process group until `untrack` is called. When the
 * host exits while a run is still going (stdin closed, a signal handled by
 * `exitOnHostSignals`, its parent gone), every remembered group gets SIGKILL.
 * A host killed with SIGKILL runs no code at all, so a watchdog process holds a
 * pipe to it and kills the remembered groups when that pipe closes. The runs
 * are detached into their own groups, so nothing else would stop them.
 */
export function trackProcessGroup(leaderPid: number): () => void {
  if (!hooked) {
    hooked = true;
    process.once("exit", killLiveProcessGroups);
  }
  live.add(leaderPid);
  tellWatchdog(`+${leaderPid}`);
  return () => {
    if (live.delete(leaderPid)) tellWatchdog(`-${leaderPid}`);
  };
}

function tellWatchdog(line: string): void {
  ensureHostWatchdog();
  watchdog?.stdin?.write(`${line}\n`);
}

/**
 * Starts this host's watchdog if it is not running yet. Called before a CLI is
 * launched, so that a run's group reaches the watchdog with one pipe write
 * right after the launch, not after the watchdog's own start.
 */
export function ensureHostWatchdog(): void {
  if (watchdog !== undefined) return;
  watchdog = startWatchdog();
  // A watchdog started after an earlier one failed or died learns every group still running.
  for (const pid of live) watchdog?.stdin?.write(`+${pid}\n`);
}

// One per host, started with the first run. It neither keeps the host alive
// nor belongs to its process group, so a terminal's Ctrl-C does not reach it.
function startWatchdog(): ChildProcess | undefined {
  try {
    const child = spawn(process.execPath, [WATCHDOG_SCRIPT], {
      detached: true,
      stdio: ["pipe", "ignore", "ignore"],
    });
    // One that could not start, or was killed, is replaced at the next launch.
    const forget = () => {
      if (watchdog === child) watchdog = undefined;
    };
    child.on("error", forget);
    child.on("exit", forget);
    child.stdin?.on("error", () => {});
    child.unref();
    (child.stdin as { unref?: () => void } | null)?.unref?.();
    return child;
  } catch {
    return undefined;
  }
}
