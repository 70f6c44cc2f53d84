import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import { isResourceNotFoundData, RESOURCE_NOT_FOUND } from "./resource-error.js";

/**
 * The transport of a 2025-era connection, on which a resource that is not
 * there answers `-32002`, the code those revisions specify and their clients
 * (and this server's users) know. The SDK answers `-32602` on every revision
 * (SEP-2164, a MUST of 2026-07-28) and has no hook to choose per era, so the
 * answers are mended on their way out: only errors whose data the host marked
 * as a missing resource (`{ uri, code }` with a not-found code).
 */
export function restoreResourceNotFound(inner: Transport): Transport {
  // Handlers set on the transport before (a session's own onclose) still run.
  const restored: Transport = {
    onclose: inner.onclose,
    onerror: inner.onerror,
    onmessage: inner.onmessage,
    get sessionId() {
      return inner.sessionId;
    },
    get hasPerRequestStream() {
      return inner.hasPerRequestStream;
    },
    start: () => inner.start(),
    close: () => inner.close(),
    send: (message, options) => inner.send(withLegacyCode(message), options),
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
    setSupportedProtocolVersions: (versions) => inner.setSupportedProtocolVersions?.(versions),
  };
  inner.onclose = () => restored.onclose?.();
  inner.onerror = (error) => restored.onerror?.(error);
  inner.onmessage = (message, extra) => restored.onmessage?.(message, extra);
  return restored;
}

function withLegacyCode(message: JSONRPCMessage): JSONRPCMessage {
  if (!("error" in message) || !isResourceNotFoundData(message.error.data)) return message;
  return { ...message, error: { ...message.error, code: RESOURCE_NOT_FOUND } };
}
