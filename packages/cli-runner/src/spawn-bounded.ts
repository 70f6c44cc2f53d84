import { launchBounded } from "./launch-bounded.js";
import {
  type BoundedSpawnOutcome,
  type SupervisionLimits,
  superviseBounded,
} from "./supervise-bounded.js";

export type { BoundedSpawnOutcome } from "./supervise-bounded.js";

export interface BoundedSpawnRequest extends SupervisionLimits {
  file: string;
  args: readonly string[];
  cwd: string;
  /** The complete environment; nothing is inherited. */
  env: Record<string, string>;
  maxOutputBytes: number;
}

/**
 * Starts one process and waits for it: no shell, stdin closed, each output
 * stream capped at `maxOutputBytes` while it streams (the excess is read and
 * dropped, so memory stays bounded), and on timeout its whole process group is
 * sent SIGTERM and, after `killGraceMs`, SIGKILL.
 *
 * A warm worker of the pool goes through the same launch and supervision, so
 * both paths share one collector, one timeout and one process-group kill.
 */
export function spawnBounded(request: BoundedSpawnRequest): Promise<BoundedSpawnOutcome> {
  const launched = launchBounded(request);
  return superviseBounded(launched, launched.collect(request.maxOutputBytes), request);
}
