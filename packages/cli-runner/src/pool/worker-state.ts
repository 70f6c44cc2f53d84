import { setImmediate as nextTurn } from "node:timers/promises";

/** After this many commands a worker retires, so nothing can pile up in one process for long. */
export const MAX_COMMANDS_PER_WORKER = 100;

/** What of a worker process a command could leave changed for the next one. */
export interface ProcessSnapshot {
  resources: Map<string, number>;
  listeners: string;
  env: string;
  globals: string;
}

/** Taken once what is already due has run, as the check after the command is. */
export async function snapshotProcess(): Promise<ProcessSnapshot> {
  await settle();
  return {
    // Handles, requests and timers still alive: a cold run would wait for them to end.
    resources: countEach(process.getActiveResourcesInfo()),
    listeners: JSON.stringify(
      process
        .eventNames()
        .map((name) => `${String(name)}:${process.listenerCount(name)}`)
        .sort(),
    ),
    env: JSON.stringify(Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : 1))),
    globals: JSON.stringify(Object.getOwnPropertyNames(globalThis).sort()),
  };
}

/**
 * Whether the command that just returned left the worker as it found it, so
 * the next command runs as it would in a fresh process. Returns the command's
 * exit code (and clears it for the next one), or undefined when the worker
 * must end now, as a cold run would:
 * - work still pending (a timer, a child, an open file): the cold run would
 *   wait for it, and it may still print;
 * - anything ever written to stderr: the CLI's once-per-process warnings
 *   (an unreadable global config, a project config's rule warnings) go there,
 *   and a second command in the same process would not repeat them;
 * - changed environment variables, process listeners or globals;
 * - an exit code that is not a plain 0–255 integer;
 * - its `MAX_COMMANDS_PER_WORKER`th command.
 */
export async function checkReusable(
  before: ProcessSnapshot,
  served: number,
): Promise<number | undefined> {
  const after = await snapshotProcess();
  const same =
    noneAdded(before.resources, after.resources) &&
    after.listeners === before.listeners &&
    after.env === before.env &&
    after.globals === before.globals;
  const code = process.exitCode ?? 0;
  const plainCode = typeof code === "number" && Number.isInteger(code) && code >= 0 && code <= 255;
  if (!same || !plainCode || process.stderr.bytesWritten > 0) return undefined;
  if (served >= MAX_COMMANDS_PER_WORKER) return undefined;
  process.exitCode = undefined;
  return code;
}

function countEach(names: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

// Resources that ended during the command (the worker's own import finishing,
// the request's read) are fine; only ones the command added are not.
function noneAdded(before: Map<string, number>, after: Map<string, number>): boolean {
  for (const [name, count] of after) if (count > (before.get(name) ?? 0)) return false;
  return true;
}

// Let callbacks that are already due (a closed file handle) run first.
async function settle(): Promise<void> {
  await nextTurn();
  await nextTurn();
}
