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

/** The capabilities the handlers below need the server to advertise. */
export const promptCapabilities = { prompts: {}, completions: {} } as const;

/** Offers the OpenSpec workflows as prompts, with completion of their arguments. */
export function registerPrompts(mcp: Server, catalog: Catalog): void {
  mcp.setRequestHandler(ListPromptsRequestSchema, (request) =>
    listWorkflowPrompts(request.params?.cursor),
  );
  mcp.setRequestHandler(GetPromptRequestSchema, (request) =>
    getWorkflowPrompt(request.params.name, request.params.arguments),
  );
  mcp.setRequestHandler(CompleteRequestSchema, (request) =>
    completeArgument(catalog, request.params),
  );
}
