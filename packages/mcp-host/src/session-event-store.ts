import type { EventStore, JSONRPCMessage, StreamId } from "@modelcontextprotocol/server";

/** The most events one session keeps for clients that resume a dropped stream. */
export const RESUMABLE_EVENTS_PER_SESSION = 200;
/** The most bytes (JSON) of those events; the oldest go first. */
export const RESUMABLE_BYTES_PER_SESSION = 512 * 1024;

type StoredEvent = { id: string; streamId: StreamId; message: JSONRPCMessage; bytes: number };

/**
 * The SSE events of one session, so a client whose stream dropped can send
 * `Last-Event-ID` and get what it missed. The SDK defines the `EventStore`
 * interface but ships only an example store that keeps every event forever;
 * this one keeps the newest events of the session within a count and a byte
 * bound, and is dropped with its session. A resume from an event no longer
 * kept is refused by the SDK (400), and the client starts a fresh stream.
 */
export function createSessionEventStore(
  maxEvents = RESUMABLE_EVENTS_PER_SESSION,
  maxBytes = RESUMABLE_BYTES_PER_SESSION,
): EventStore & { readonly size: number; readonly bytes: number } {
  const events: StoredEvent[] = [];
  const byId = new Map<string, StoredEvent>();
  let bytes = 0;
  let sequence = 0;

  const evictOldest = (): void => {
    const oldest = events.shift();
    if (oldest === undefined) return;
    byId.delete(oldest.id);
    bytes -= oldest.bytes;
  };

  return {
    get size() {
      return events.length;
    },
    get bytes() {
      return bytes;
    },
    async storeEvent(streamId, message) {
      sequence += 1;
      const event: StoredEvent = {
        id: String(sequence),
        streamId,
        message,
        bytes: Buffer.byteLength(JSON.stringify(message)),
      };
      events.push(event);
      byId.set(event.id, event);
      bytes += event.bytes;
      while (events.length > maxEvents || (bytes > maxBytes && events.length > 0)) evictOldest();
      return event.id;
    },
    async getStreamIdForEventId(eventId) {
      return byId.get(eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const last = byId.get(lastEventId);
      if (last === undefined) return "";
      const later = events.filter(
        (event) => event.streamId === last.streamId && Number(event.id) > Number(last.id),
      );
      for (const event of later) {
        // The priming event (an empty message) only carried an id; there is nothing to send again.
        if (Object.keys(event.message).length > 0) await send(event.id, event.message);
      }
      return last.streamId;
    },
  };
}
