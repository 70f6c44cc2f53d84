import type { CallToolResult } from "@modelcontextprotocol/server";
import { type Catalog, type ToolCallContext, toolFailure } from "@org/openspec-core";
import { toCallToolResult } from "./to-call-tool-result.js";

/**
 * Answers one tools/call with the catalog's own result. The arguments reach
 * the catalog unchecked: it validates them itself and answers bad input with
 * `invalid_input`, its issues and a fix, as it does for every other host.
 */
export async function answerToolCall(
  catalog: Catalog,
  name: string,
  args: unknown,
  log: (message: string) => void,
  call: ToolCallContext = {},
): Promise<CallToolResult> {
  try {
    return toCallToolResult(await catalog.call(name, args, call));
  } catch (error) {
    // The catalog promises never to throw; if it does, that is a bug, and the
    // client still gets a result rather than a dead server.
    log(
      `${name} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return toCallToolResult(
      toolFailure(
        "internal_error",
        `${name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        "Report this as a bug in openspec-agent, with the input that caused it.",
      ),
    );
  }
}
