/**
 * Stdin read as a stream: once the catalog is loaded, fd 0 may be
 * non-blocking, and a plain synchronous read of a pipe then fails with EAGAIN.
 */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
