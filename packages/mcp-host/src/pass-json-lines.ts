import { Transform } from "node:stream";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/server";

const NEWLINE = 0x0a;

/**
 * The lines of the protocol's input as the SDK's stdio transport reads them,
 * without the lines that are not JSON: each of those goes to `notJson` with
 * JSON.parse's error instead. The SDK's transport skips such a line without
 * a word, where JSON-RPC 2.0 wants it answered with -32700. Every line that
 * passes is parsed once more by the transport; requests are small, and one
 * that is not is read twice at worst. A line longer than the transport's own
 * limit is passed on unread, for the transport to refuse.
 */
export function passJsonLines(notJson: (error: SyntaxError) => void): Transform {
  let pending: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let start = 0;
      for (let end = pending.indexOf(NEWLINE); end !== -1; end = pending.indexOf(NEWLINE, start)) {
        const line = pending.subarray(start, end + 1);
        start = end + 1;
        try {
          // Read as the transport reads it: without the newline and a carriage return before it.
          JSON.parse(line.toString("utf8", 0, line.length - 1).replace(/\r$/, ""));
          this.push(line);
        } catch (error) {
          if (error instanceof SyntaxError) notJson(error);
          else this.push(line);
        }
      }
      pending = pending.subarray(start);
      if (pending.length > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
        this.push(pending);
        pending = Buffer.alloc(0);
      }
      done();
    },
    flush(done) {
      if (pending.length > 0) this.push(pending);
      done();
    },
  });
}
