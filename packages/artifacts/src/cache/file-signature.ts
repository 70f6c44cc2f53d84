import type { Stats } from "node:fs";

/** The stat fields a reading depends on. */
export type PathStats = Pick<Stats, "dev" | "ino" | "size" | "mtimeMs" | "ctimeMs">;

/**
 * A path's stat fields just before it was read, and whether that reading is
 * racy. ctime moves on every write, rename, chmod and utimes and cannot be
 * set back; the inode changes when another file or folder takes the path.
 */
export type Observation = {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  /** The path changed within a timestamp tick of the reading, so a second change in that tick could keep every field. */
  racy: boolean;
};

// Kernels stamp files from a clock that lags by up to a tick (a few ms);
// filesystems that keep whole seconds (ext3, HFS+; FAT: two) lag by that much.
const TICK_MARGIN_MS = 50;
const COARSE_MARGIN_MS = 2000;

/**
 * What `stats`, taken just before a path was read at `observedAt`, says about
 * that reading. Racy readings (git's "racily clean" case) are never trusted:
 * the path is simply read again next time, until it has been quiet for a tick.
 */
export function observe(stats: PathStats, observedAt: number): Observation {
  const margin = stats.ctimeMs % 1000 === 0 ? COARSE_MARGIN_MS : TICK_MARGIN_MS;
  const { dev, ino, size, mtimeMs, ctimeMs } = stats;
  return { dev, ino, size, mtimeMs, ctimeMs, racy: ctimeMs >= observedAt - margin };
}

/** Whether a path whose stat is now `stats` is exactly as it was when `observation` was made. */
export function stillTrue(observation: Observation, stats: PathStats): boolean {
  return (
    !observation.racy &&
    observation.ctimeMs === stats.ctimeMs &&
    observation.mtimeMs === stats.mtimeMs &&
    observation.size === stats.size &&
    observation.ino === stats.ino &&
    observation.dev === stats.dev
  );
}
