import type { HostAnswer } from "./host-under-test.js";

/** Longer than any call may take here; a call that reaches it has hung, which the checks report themselves. */
export const REQUEST_TIMEOUT_MS = 600_000;

/**
 * What an MCP client's tool call came to, whatever the client's SDK: the
 * catalog's result (its structured content), or what refused the call before
 * the catalog saw it. `refusalOf` names an error that is a refusal (a
 * JSON-RPC error); any other error is the server failing and is thrown on.
 */
export async function answerOfMcpCall(
  call: () => Promise<object>,
  refusalOf: (error: unknown) => string | undefined,
): Promise<HostAnswer> {
  try {
    const result = (await call()) as { structuredContent?: unknown; content?: unknown };
    if (result.structuredContent !== undefined) {
      return { kind: "result", result: result.structuredContent };
    }
    // Every answer of the catalog has structured content; one without it came from elsewhere.
    return { kind: "refused", detail: JSON.stringify(result.content) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal !== undefined) return { kind: "refused", detail: refusal };
    throw error;
  }
}
