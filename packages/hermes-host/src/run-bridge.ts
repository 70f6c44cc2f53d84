import type { Readable, Writable } from "node:stream";
import { toolFailure } from "@org/openspec-core";
import { answerBridgeRequest, type BridgeCatalog } from "./answer-bridge-request.js";
import { type BridgeId, leadingBridgeId, parseBridgeRequest } from "./parse-bridge-request.js";
import { readBoundedLines } from "./read-bounded-lines.js";

/**
 * The longest request line the bridge reads, the MCP SDK's stdio limit too:
 * far above any real tool call, and low enough that a peer that never sends a
 * newline cannot make the bridge grow without end.
 */
export const MAX_REQUEST_LINE_BYTES = 10 * 1024 * 1024;

export type BridgeStreams = {
  /** One JSON request per line. */
  input: Readable;
  /** One JSON answer per line, `{id, result}`, in the order the answers are ready. */
  output: Writable;
  catalog: BridgeCatalog;
  /** Where diagnostics go; never the output stream, which carries only answers. */
  log?: (message: string) => void;
};

/**
 * Serves the bridge protocol over two streams. Requests run concurrently and
 * are answered by id as each finishes; a bad line gets an error answer (or a
 * log line when it has no id) and never stops the bridge. Resolves once the
 * input has ended and every request has been answered.
 */
export async function runBridge({
  input,
  output,
  catalog,
  log = () => {},
}: BridgeStreams): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const send = (id: BridgeId, result: unknown) => {
    output.write(`${encodeAnswer(id, result, log)}\n`);
  };

  for await (const read of readBoundedLines(input, MAX_REQUEST_LINE_BYTES)) {
    if (read.kind === "too_long") {
      const error = `The request line is ${read.bytes} bytes long; the bridge reads at most ${MAX_REQUEST_LINE_BYTES} bytes per line.`;
      const id = leadingBridgeId(read.head);
      if (id === null) log(`openspec bridge: ignored a line: ${error}`);
      else send(id, toolFailure("request_too_large", error, TOO_LARGE_FIX));
      continue;
    }
    const line = read.text;
    if (line.trim() === "") continue;
    const parsed = parseBridgeRequest(line);
    if (!parsed.ok) {
      if (parsed.id === null) log(`openspec bridge: ignored a line: ${parsed.error}`);
      else send(parsed.id, toolFailure("invalid_request", parsed.error, BRIDGE_PROTOCOL_FIX));
      continue;
    }
    const { request } = parsed;
    const answered = answerBridgeRequest(request, catalog)
      .catch((error: unknown) => {
        log(`openspec bridge: request ${request.id} failed: ${describe(error)}`);
        return toolFailure(
          "internal_error",
          `The bridge failed on this request: ${describe(error)}`,
          BUG_FIX,
        );
      })
      .then((result) => send(request.id, result))
      .finally(() => inFlight.delete(answered));
    inFlight.add(answered);
  }
  await Promise.all(inFlight);
}

const BRIDGE_PROTOCOL_FIX =
  'Send one JSON object per line: {"id": ..., "tool": "<name>", "args": {...}} or {"id": ..., "op": "ping" | "cli_status"}.';
const TOO_LARGE_FIX = "Send smaller arguments: no tool takes anywhere near 10 MiB of input.";
const BUG_FIX = "Report this as a bug in openspec-agent, with the input that caused it.";

function encodeAnswer(id: BridgeId, result: unknown, log: (message: string) => void): string {
  try {
    return JSON.stringify({ id, result });
  } catch (error) {
    log(`openspec bridge: answer ${id} is not serialisable: ${describe(error)}`);
    return JSON.stringify({
      id,
      result: toolFailure("internal_error", "The result could not be encoded as JSON.", BUG_FIX),
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
