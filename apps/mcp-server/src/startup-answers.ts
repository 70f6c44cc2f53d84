import { readFileSync } from "node:fs";
import type { EarlyRequest } from "./early-request.js";

/** The server's answers recorded at build time (scripts/write-startup-answers.mjs). */
export type StartupAnswers = {
  /** The `initialize` result for each protocol version a client may ask for. */
  initialize: Record<string, unknown>;
  /** Every tool as `tools/list` shows it while the OpenSpec CLI is found, in order. */
  tools: unknown[];
};

/**
 * The recorded answers, read from dist/ (next to dist/bin.js, or one folder up
 * from the bundle in dist/bundle/); undefined when there are none, e.g. a
 * build that did not record them, and every message then goes to the SDK.
 */
export function readStartupAnswers(): StartupAnswers | undefined {
  for (const candidate of ["./startup-answers.json", "../startup-answers.json"]) {
    try {
      return JSON.parse(
        readFileSync(new URL(candidate, import.meta.url), "utf8"),
      ) as StartupAnswers;
    } catch {
      // Not here: try the next place.
    }
  }
  return undefined;
}

/**
 * The response line the SDK would write for `request`, or undefined when the
 * recording has no answer for it (a protocol version it does not list).
 */
export function startupAnswer(
  answers: StartupAnswers,
  request: Extract<EarlyRequest, { id: string | number }>,
): string | undefined {
  const result =
    request.method === "initialize"
      ? answers.initialize[request.protocolVersion]
      : { tools: answers.tools };
  if (result === undefined) return undefined;
  // The SDK's own field order, so the line is the one it would have written.
  return `${JSON.stringify({ result, jsonrpc: "2.0", id: request.id })}\n`;
}
