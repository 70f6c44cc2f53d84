const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the thread: the registry is synchronous, like better-sqlite3 under it. */
export function sleepSync(milliseconds: number): void {
  Atomics.wait(sleeper, 0, 0, milliseconds);
}
