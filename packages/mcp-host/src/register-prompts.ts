import type { Server } from "@modelcontextprotocol/server";
import type { Catalog } from "@org/openspec-core";
import { completeArgument } from "./complete-argument.js";
import { getWorkflowPrompt } from "./get-workflow-prompt.js";
import { listWorkflowPrompts } from "./list-workflow-prompts.js";
import { anyParams, parseRequest } from "./parse-request.js";

/** The capabilities the handlers below need the server to advertise. */
export const promptCapabilities = { prompts: {}, completions: {} } as const;

/** Offers the OpenSpec workflows as prompts, with completion of their arguments. */
export function registerPrompts(mcp: Server, catalog: Catalog): void {
  // Registered with any params, so malformed params reach parseRequest
  // and get -32602 rather than the SDK's -32603.
  mcp.setRequestHandler("prompts/list", { params: anyParams }, (params) => {
    const request = parseRequest("ListPromptsRequest", "prompts/list", params);
    return listWorkflowPrompts(request.params?.cursor);
  });
  mcp.setRequestHandler("prompts/get", { params: anyParams }, (params) => {
    const request = parseRequest("GetPromptRequest", "prompts/get", params);
    return getWorkflowPrompt(request.params.name, request.params.arguments);
  });
  mcp.setRequestHandler("completion/complete", { params: anyParams }, (params) => {
    const request = parseRequest("CompleteRequest", "completion/complete", params);
    return completeArgument(catalog, request.params);
  });
}
