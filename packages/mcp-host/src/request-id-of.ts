/** The id of a JSON-RPC request body, for an answer the server gives before the SDK sees it. */
export function requestIdOf(body: unknown): string | number | null {
  const id = (body as { id?: unknown } | undefined)?.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
