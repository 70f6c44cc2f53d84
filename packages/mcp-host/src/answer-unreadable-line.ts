import type { JSONRPCMessage } from "@modelcontextprotocol/server";

/**
 * The JSON-RPC answer to a stdio line the SDK's transport could not read, or
 * undefined for any other transport error. The transport reports such a line
 * to `onerror` and reads on, but answers nothing; JSON-RPC 2.0 wants a line
 * that is not JSON answered with -32700 and JSON that is no JSON-RPC message
 * with -32600, both with `id: null` (the request's id cannot be known).
 */
export function answerUnreadableLine(error: Error): JSONRPCMessage | undefined {
  // JSON.parse's error: the line is not JSON.
  if (error instanceof SyntaxError) return nullIdError(-32700, `Parse error: ${error.message}`);
  // The SDK's message schema (zod) refused it: JSON, but no JSON-RPC 2.0 message.
  if (error.name === "ZodError") {
    return nullIdError(-32600, "Invalid Request: the line is JSON but not a JSON-RPC 2.0 message.");
  }
  return undefined;
}

function nullIdError(code: number, message: string): JSONRPCMessage {
  // The SDK's types have no null id; JSON-RPC 2.0 requires one here.
  return { jsonrpc: "2.0", id: null, error: { code, message } } as unknown as JSONRPCMessage;
}
