/** Shares reads of the same thing between callers, without an answer older than its caller. */
export type NextStartSharing<T> = (key: string, start: () => Promise<T>) => Promise<T>;

/**
 * Lets callers asking the same question (`key`) share one read of the files,
 * without anyone getting an answer older than their call: a read already
 * under way may have passed a file before the caller wrote it, so a caller
 * shares only a read that starts after it arrived: the one starting now when
 * none runs, else the next one, which starts when the running one ends and
 * serves everyone who arrived meanwhile. At most two reads per key exist at
 * once, however many callers wait. `start` must not reject.
 */
export function shareNextStart<T>(): NextStartSharing<T> {
  const lines = new Map<string, { running?: Promise<T>; next?: Promise<T> }>();
  return (key, start) => {
    let line = lines.get(key);
    if (line === undefined) {
      line = {};
      lines.set(key, line);
    }
    const slot = line;
    const begin = (): Promise<T> => {
      const read = start().finally(() => {
        if (slot.running !== read) return;
        slot.running = undefined;
        if (slot.next === undefined) lines.delete(key);
      });
      slot.running = read;
      return read;
    };
    if (slot.next !== undefined) return slot.next;
    if (slot.running === undefined) return begin();
    const next = slot.running.then(() => {
      slot.next = undefined;
      return begin();
    });
    slot.next = next;
    return next;
  };
}
