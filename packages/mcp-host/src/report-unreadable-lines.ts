import { Transform } from "node:stream";

/** The longest line looked at: the SDK's stdio transport refuses a longer one itself (its default, 10 MB). */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * A stream that passes the client's bytes on unchanged and reports every
 * complete line that is not JSON. The SDK's stdio transport skips such a line
 * without a word and reads on; JSON-RPC 2.0 wants it answered with -32700,
 * and only a reader of the raw line can know it was there. A line longer than
 * the transport reads is not looked at: the transport reports that one.
 */
export function reportUnreadableLines(report: (error: SyntaxError) => void): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  const check = (line: Buffer): void => {
    const text = line.toString("utf8").replace(/\r$/, "");
    try {
      JSON.parse(text);
    } catch (error) {
      if (error instanceof SyntaxError) report(error);
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        if (!tooLong) check(Buffer.concat([...pending, chunk.subarray(start, end)]));
        pending = [];
        pendingBytes = 0;
        tooLong = false;
        start = end + 1;
      }
      if (start < chunk.length && !tooLong) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > MAX_LINE_BYTES) {
          pending = [];
          pendingBytes = 0;
          tooLong = true;
        }
      }
      done(null, chunk);
    },
  });
}
