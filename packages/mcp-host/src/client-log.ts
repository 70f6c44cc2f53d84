import {
  type LoggingLevel,
  type LoggingMessageNotification,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from "@modelcontextprotocol/server";
import { anyParams } from "./parse-request.js";
import { foldLogMessage } from "./write-log.js";

/** The capability the handler below needs the server to advertise. */
export const loggingCapabilities = { logging: {} } as const;

/** What a client hears before it picks a level: everything but debug chatter. */
export const DEFAULT_CLIENT_LOG_LEVEL: LoggingLevel = "info";

/** The RFC 5424 severities, least severe first, as the MCP spec names them. */
const LEVELS: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];
const SEVERITY = new Map(LEVELS.map((level, index) => [level, index]));

/** The server's log: one event goes to stderr, and to the client when its level passes. */
export type ServerLog = (level: LoggingLevel, message: string) => void;

export type ClientLog = {
  /** To stderr (through `writeLine`) and to the client. */
  log: ServerLog;
  /** To the client only, for an event its source already wrote to stderr. */
  notify: ServerLog;
  /**
   * To the client only, through `send`: one request's own notifications (a
   * tool call's CLI stages and warnings), which go out on that request's
   * stream (over HTTP) and before its answer. Resolves once sent or dropped.
   */
  forRequest(
    send: (notification: LoggingMessageNotification) => Promise<void>,
  ): (level: LoggingLevel, message: string) => Promise<void>;
};

/**
 * Handles `logging/setLevel` and returns the server's log. Each event is
 * written through `writeLine` (stderr) whatever the level, and sent as
 * `notifications/message` (logger `openspec`, the folded line as `data`) when
 * a client has finished initializing and the event is at least as severe as
 * the level it set, `info` until it sets one. Events before that (the server
 * starting to serve) reach stderr only: a client that has not initialized
 * does not expect messages yet. A notification that cannot be sent is
 * dropped: logging it would only try to send again.
 */
export function createClientLog(mcp: Server, writeLine: (message: string) => void): ClientLog {
  let threshold: LoggingLevel = DEFAULT_CLIENT_LOG_LEVEL;
  let initialized = false;
  const previous = mcp.oninitialized;
  mcp.oninitialized = () => {
    initialized = true;
    previous?.();
  };
  // The SDK's own handler accepts any level silently; an unknown one is a client bug worth naming.
  mcp.setRequestHandler("logging/setLevel", { params: anyParams }, (params) => {
    const level = SEVERITY.has(params.level as LoggingLevel)
      ? (params.level as LoggingLevel)
      : undefined;
    if (level === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `logging/setLevel needs params.level, one of: ${LEVELS.join(", ")}.`,
      );
    }
    threshold = level;
    return {};
  });
  const sendThrough = async (
    send: (notification: LoggingMessageNotification) => Promise<void>,
    level: LoggingLevel,
    message: string,
  ): Promise<void> => {
    if (mcp.transport === undefined || !initialized) return;
    if ((SEVERITY.get(level) ?? 0) < (SEVERITY.get(threshold) ?? 0)) return;
    await send({
      method: "notifications/message",
      params: { level, logger: "openspec", data: foldLogMessage(message) },
    }).catch(() => {});
  };
  const notify: ServerLog = (level, message) => {
    void sendThrough((notification) => mcp.notification(notification), level, message);
  };
  return {
    notify,
    forRequest: (send) => (level, message) => sendThrough(send, level, message),
    log(level, message) {
      writeLine(message);
      notify(level, message);
    },
  };
}
