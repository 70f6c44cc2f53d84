import {
  type GetPromptResult,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/server";
import { renderWorkflow } from "@org/openspec-core";

/**
 * A workflow as prompts/get answers it: one user message holding the
 * instructions with the arguments filled in. A missing required argument or
 * an unknown prompt is the client's mistake, so it is a JSON-RPC error
 * (invalid params) carrying the workflow's own sentence and fix.
 */
export function getWorkflowPrompt(
  name: string,
  args: Readonly<Record<string, string>> | undefined,
): GetPromptResult {
  const rendered = renderWorkflow(name, args ?? {});
  if (!rendered.ok) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      rendered.fix === undefined ? rendered.error : `${rendered.error} ${rendered.fix}`,
      { code: rendered.code },
    );
  }
  return {
    description: rendered.description,
    messages: [{ role: "user", content: { type: "text", text: rendered.text } }],
  };
}
