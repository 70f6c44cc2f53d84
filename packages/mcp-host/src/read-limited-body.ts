import type { IncomingMessage } from "node:http";

export type BodyRead = { ok: true; body: string } | { ok: false; reason: "too_large" | "aborted" };

/**
 * Reads a request body up to `limit` bytes. A Content-Length over the limit
 * is refused before a byte is read; a chunked body is refused as soon as it
 * passes the limit, and the rest is never buffered.
 */
export function readLimitedBody(request: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.resolve({ ok: false, reason: "too_large" });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    request.on("data", (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        request.pause();
        settle({ ok: false, reason: "too_large" });
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => settle({ ok: true, body: Buffer.concat(chunks).toString("utf8") }));
    request.on("error", () => settle({ ok: false, reason: "aborted" }));
    request.on("close", () => settle({ ok: false, reason: "aborted" }));
  });
}
