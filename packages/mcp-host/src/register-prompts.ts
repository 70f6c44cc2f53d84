import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Catalog } from "@org/openspec-core";
import { completeArgument } from "./complete-argument.js";
import { getWorkflowPrompt } from "./get-workflow-prompt.js";
import { listWorkflowPrompts } from "./list-workflow-prompts.js";
import { parseRequest } from "./parse-request.js";

/** The capabilities the handlers below need the server to advertise. */
export const promptCapabilities = { prompts: {}, completions: {} } as const;

/** Offers the OpenSpec workflows as prompts, with completion of their arguments. */
export function registerPrompts(mcp: Server, catalog: Catalog): void {
  // Registered with only the method checked, so malformed params reach parseRequest
  // and get -32602 rather than the SDK's -32603.
  mcp.setRequestHandler(ListPromptsRequestSchema.pick({ method: true }).loose(), (raw) => {
    const request = parseRequest(ListPromptsRequestSchema.safeParse(raw));
    return listWorkflowPrompts(request.params?.cursor);
  });
  mcp.setRequestHandler(GetPromptRequestSchema.pick({ method: true }).loose(), (raw) => {
    const request = parseRequest(GetPromptRequestSchema.safeParse(raw));
    return getWorkflowPrompt(request.params.name, request.params.arguments);
  });
  mcp.setRequestHandler(CompleteRequestSchema.pick({ method: true }).loose(), (raw) => {
    const request = parseRequest(CompleteRequestSchema.safeParse(raw));
    return completeArgument(catalog, request.params);
  });
}
