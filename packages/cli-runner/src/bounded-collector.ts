import { StringDecoder } from "node:string_decoder";

/** Keeps the first `limitBytes` bytes of a stream and counts the rest as dropped. */
export interface BoundedCollector {
  add(chunk: Buffer): void;
  /** The kept bytes as UTF-8; a character cut in half by the limit is left out. */
  text(): string;
  readonly truncated: boolean;
}

export function createBoundedCollector(limitBytes: number): BoundedCollector {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let truncated = false;
  return {
    add(chunk) {
      const room = limitBytes - keptBytes;
      if (chunk.length <= room) {
        kept.push(chunk);
        keptBytes += chunk.length;
        return;
      }
      // Copy the slice: a view would pin the whole chunk in memory.
      if (room > 0) kept.push(Buffer.from(chunk.subarray(0, room)));
      keptBytes = limitBytes;
      truncated = true;
    },
    text() {
      const decoder = new StringDecoder("utf8");
      const body = decoder.write(Buffer.concat(kept));
      return truncated ? body : body + decoder.end();
    },
    get truncated() {
      return truncated;
    },
  };
}
