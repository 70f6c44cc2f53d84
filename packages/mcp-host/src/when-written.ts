import type { Writable } from "node:stream";

/**
 * Resolves once everything written to `stream` so far has left the process
 * (or the stream failed). A pipe to a client that reads slowly holds what
 * does not fit; exiting before it drains would lose those answers.
 */
export function whenWritten(stream: Writable): Promise<void> {
  if (stream.destroyed || stream.writableEnded) return Promise.resolve();
  // Writes leave in order, so the callback of an empty one runs after all of them.
  return new Promise((resolve) => stream.write("", () => resolve()));
}
