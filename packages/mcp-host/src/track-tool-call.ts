import type { ProgressToken, ServerContext } from "@modelcontextprotocol/server";
import type { ToolCallContext } from "@org/openspec-core";

/** How long a call runs before a host-side heartbeat tells the client it still runs. */
export const PROGRESS_QUIET_MS = 1000;

/** The request being answered, as the SDK's handler context has it. */
type Request = Pick<ServerContext["mcpReq"], "signal" | "notify">;

/**
 * The catalog's context for one tools/call: the SDK's signal, which
 * `notifications/cancelled` aborts, and, when the client sent a progress
 * token, a listener that forwards each report as `notifications/progress`.
 * `progress` counts the reports (it only grows; there is no honest total).
 * A call that reports nothing of its own (no CLI run) gets a heartbeat every
 * `PROGRESS_QUIET_MS` instead. `onStage` hears each of the catalog's own
 * reports (a CLI run waiting, starting, still running), with or without a
 * token. `end` stops all of it: nothing is sent once the call is answered.
 */
export function trackToolCall(
  name: string,
  progressToken: ProgressToken | undefined,
  request: Request,
  onStage: (message: string) => void = () => {},
  quietMs: number = PROGRESS_QUIET_MS,
): { call: ToolCallContext; end(): void } {
  let ended = false;
  // A cancelled call gets no answer, so it gets no more reports either.
  const quiet = () => ended || request.signal.aborted;
  const stage = (message: string) => {
    if (!quiet()) onStage(message);
  };
  if (progressToken === undefined) {
    return {
      call: { signal: request.signal, onProgress: (progress) => stage(progress.message) },
      end: () => {
        ended = true;
      },
    };
  }
  let sent = 0;
  const send = (message: string) => {
    if (quiet()) return;
    sent += 1;
    request
      .notify({
        method: "notifications/progress",
        params: { progressToken, progress: sent, message },
      })
      .catch(() => {});
  };
  const startedAt = performance.now();
  const heartbeat = setInterval(() => {
    const seconds = Math.round((performance.now() - startedAt) / 1000);
    send(`${name} still running after ${seconds} s`);
  }, quietMs);
  heartbeat.unref();
  return {
    call: {
      signal: request.signal,
      onProgress: (progress) => {
        // The catalog reports on its own (a CLI heartbeat); a second clock would only repeat it.
        clearInterval(heartbeat);
        stage(progress.message);
        send(progress.message);
      },
    },
    end() {
      ended = true;
      clearInterval(heartbeat);
    },
  };
}
