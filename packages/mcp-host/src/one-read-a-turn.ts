import { setImmediate } from "node:timers/promises";
import pLimit from "p-limit";

const turns = pLimit(1);

/**
 * Runs a catalog read that the server makes on its own (a page of a source's
 * resources, a subscribed resource read to compare it), one at a time for the
 * whole process, each starting in an event-loop turn of its own. The catalog
 * reads a page or a file without giving the event loop back, and reads run side
 * by side, or started from one another's continuations, would run back to back
 * in one turn: with 50 sessions listing and subscribing, that held the loop
 * for over a second while /healthz and every other request waited.
 */
export function oneReadATurn<T>(read: () => Promise<T>): Promise<T> {
  return turns(async () => {
    await setImmediate();
    return read();
  });
}
