import { accessSync, constants, statfsSync } from "node:fs";

/** A memory-backed folder most Linux machines have, and the room a tree of 100,000 entries needs there. */
const MEMORY_FOLDER = "/dev/shm";
const ROOM_BYTES = 1024 ** 3;

/**
 * Makes the test's temporary folders (`temporaryFolder`, through TMPDIR) on a
 * memory-backed file system when the machine has one with a gigabyte free, and answers how to
 * go back. A tree of 100,000 folders costs seconds of kernel time and minutes of waiting to make
 * and remove on a disk that other processes keep busy, and almost nothing in memory; what the
 * host reads and how it reads it are the same on both. Elsewhere (no /dev/shm, or a container's
 * small one) the folders stay where they were.
 */
export function temporaryFoldersInMemory(): () => void {
  const before = process.env.TMPDIR;
  try {
    accessSync(MEMORY_FOLDER, constants.W_OK);
    const { bavail, bsize } = statfsSync(MEMORY_FOLDER);
    if (bavail * bsize < ROOM_BYTES) return () => {};
  } catch {
    return () => {};
  }
  process.env.TMPDIR = MEMORY_FOLDER;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  };
}
