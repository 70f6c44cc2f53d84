import {
  type JSONRPCMessage,
  type MessageExtraInfo,
  PROTOCOL_VERSION_META_KEY,
  type RequestId,
  type Transport,
} from "@modelcontextprotocol/server";
import type { ListenAdmission } from "./listen-admission.js";

/**
 * The code for a request sent before `initialize`: the one the SDK's own
 * Streamable HTTP transport answers with, so both transports agree.
 */
export const NOT_INITIALIZED = -32000;

/** The requests the MCP lifecycle lets a client send before `initialize`: pings, and initialize itself. */
const ALLOWED_BEFORE_INITIALIZE = new Set(["initialize", "ping"]);

/**
 * Requests that stay open until the client cancels them or the server stops:
 * a stdio server whose stdin closed does not wait for them to be answered.
 */
const OPEN_UNTIL_CANCELLED = new Set(["subscriptions/listen"]);

export type GuardOptions = {
  /**
   * Also serve the 2026-07-28 revision on this connection (stdio through the
   * SDK's `serveStdio`): a request carrying the revision's `_meta` envelope
   * needs no `initialize`. The rule for requests without one stays.
   */
  modern?: boolean;
  /**
   * Admits a `subscriptions/listen` request before the SDK serves it; a
   * refusal is answered here. The admission's `release` runs once the stream
   * ends: cancelled by the client, answered (refused or closed) by the
   * server, or with the connection.
   */
  admitListen?: (params: unknown) => Promise<ListenAdmission>;
};

/** The connection a server is served through, with what it knows about requests in flight. */
export type GuardedTransport = Transport & {
  /** Resolves once every request received so far has been answered (or cancelled by the client). */
  settled(): Promise<void>;
  /** Resolves once the connection closed (its input failed, or it was closed). */
  readonly closed: Promise<void>;
};

/**
 * Wraps the transport a server connects to, for two protocol details the
 * SDK's `Server` leaves open (it has no hook for them, so they sit between it
 * and the transport):
 * - a request of the 2025 revisions other than `ping` before `initialize` is
 *   answered with `NOT_INITIALIZED` and never reaches a handler (the SDK would
 *   answer it); a 2026-07-28 request (`modern`) has no handshake to wait for,
 *   and once one has been served the connection is a 2026 one;
 * - the requests in flight are counted, so a server whose stdin closed can
 *   answer every request it already received before it stops (`settled`).
 * Handlers the caller set on the transport before connecting still run.
 */
export function guardTransport(inner: Transport, options: GuardOptions = {}): GuardedTransport {
  const inFlight = new Set<RequestId>();
  const waiting: (() => void)[] = [];
  let initializeId: RequestId | undefined;
  let initialized = false;
  // A 2026 request other than server/discover pins the SDK's stdio connection to that revision;
  // server/discover alone does not (a client may probe it, then initialize).
  let servingModern = false;
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });

  /** The open listen streams' releases, by their request id. */
  const listens = new Map<RequestId, () => void>();
  const endListen = (id: RequestId): void => {
    listens.get(id)?.();
    listens.delete(id);
  };
  const answered = (id: RequestId): void => {
    if (!inFlight.delete(id) || inFlight.size > 0) return;
    for (const resolve of waiting.splice(0)) resolve();
  };

  const guarded: GuardedTransport = {
    onclose: inner.onclose,
    onerror: inner.onerror,
    onmessage: inner.onmessage,
    get sessionId() {
      return inner.sessionId;
    },
    start: () => inner.start(),
    close: () => inner.close(),
    get hasPerRequestStream() {
      return inner.hasPerRequestStream;
    },
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
    setSupportedProtocolVersions: (versions) => inner.setSupportedProtocolVersions?.(versions),
    send(message, options) {
      if ("id" in message && message.id !== undefined && !("method" in message)) {
        // A failed initialize leaves the session where it was: not initialized.
        if (message.id === initializeId && "error" in message) initialized = false;
        endListen(message.id);
        answered(message.id);
      }
      return inner.send(message, options);
    },
    settled: () =>
      inFlight.size === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve)),
    closed,
  };

  inner.onclose = () => {
    for (const id of [...listens.keys()]) endListen(id);
    markClosed();
    guarded.onclose?.();
  };
  inner.onerror = (error) => guarded.onerror?.(error);
  inner.onmessage = (message, extra) => {
    if ("method" in message && "id" in message) {
      const modern = options.modern === true && carriesEnvelope(message.params);
      if (modern && message.method !== "server/discover" && !initialized) servingModern = true;
      if (
        !initialized &&
        !modern &&
        !servingModern &&
        !ALLOWED_BEFORE_INITIALIZE.has(message.method)
      ) {
        inner
          .send({
            jsonrpc: "2.0",
            id: message.id,
            error: {
              code: NOT_INITIALIZED,
              message: `Server not initialized: send initialize before ${message.method}.`,
            },
          })
          .catch(() => {});
        return;
      }
      if (message.method === "initialize") {
        initialized = true;
        initializeId = message.id;
      }
      if (!OPEN_UNTIL_CANCELLED.has(message.method)) inFlight.add(message.id);
      else if (options.admitListen !== undefined) {
        admit(options.admitListen, message.id, message.params, message, extra);
        return;
      }
    } else if ("method" in message && message.method === "notifications/cancelled") {
      // A cancelled request gets no answer from the SDK.
      const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (requestId !== undefined) {
        endListen(requestId);
        answered(requestId);
      }
    }
    guarded.onmessage?.(message, extra);
  };

  /** Passes a listen request on once admitted; a refusal is its answer. */
  function admit(
    admitListen: (params: unknown) => Promise<ListenAdmission>,
    id: RequestId,
    params: unknown,
    message: JSONRPCMessage,
    extra: MessageExtraInfo | undefined,
  ): void {
    admitListen(params).then(
      (admitted) => {
        if (!admitted.ok) {
          inner.send({ jsonrpc: "2.0", id, error: admitted.error }).catch(() => {});
          return;
        }
        listens.set(id, admitted.release);
        guarded.onmessage?.(message, extra);
      },
      (error: unknown) =>
        guarded.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }
  return guarded;
}

/** Whether a request's params carry the 2026-07-28 `_meta` envelope (its protocol version key), valid or not. */
function carriesEnvelope(params: unknown): boolean {
  if (typeof params !== "object" || params === null) return false;
  const meta = (params as { _meta?: unknown })._meta;
  return typeof meta === "object" && meta !== null && PROTOCOL_VERSION_META_KEY in meta;
}
