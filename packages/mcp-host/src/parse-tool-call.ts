import {
  type CallToolRequest,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/server";
import { parseRequest } from "./parse-request.js";

/**
 * A tools/call request as the SDK's schema reads it, or an invalid-params
 * error (-32602) whose one sentence says what to send instead. The SDK would
 * answer a mismatch (arguments that are a string, a missing name) with zod's
 * whole issue list, which tells the client nothing it can act on.
 */
export function parseToolCall(method: string, params: unknown): CallToolRequest {
  if (!isObject(params)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "tools/call needs params: an object with the tool's name and its arguments.",
    );
  }
  if (typeof params.name !== "string") {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "tools/call needs params.name, the name of a tool as tools/list gives it.",
    );
  }
  if (params.arguments !== undefined && !isObject(params.arguments)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `The arguments of tools/call must be an object of the tool's fields, not ${kindOf(params.arguments)}.`,
    );
  }
  return parseRequest("CallToolRequest", method, params);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
