import {
  type ListPromptsResult,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/server";
import { workflowCatalog } from "@org/openspec-core";

const DEFAULT_PAGE_SIZE = 50;

/**
 * One page of the workflows as MCP prompts. The cursor is opaque to clients:
 * the offset of the next page, so a client that pages gets every prompt once.
 */
export function listWorkflowPrompts(
  cursor: string | undefined,
  pageSize = DEFAULT_PAGE_SIZE,
): ListPromptsResult {
  const offset = cursor === undefined ? 0 : readCursor(cursor);
  const page = workflowCatalog.slice(offset, offset + pageSize);
  const next = offset + page.length;
  return {
    prompts: page.map((workflow) => ({
      name: workflow.name,
      title: `OpenSpec: ${workflow.name}`,
      description: workflow.description,
      arguments: workflow.arguments.map((argument) => ({
        name: argument.name,
        description: argument.description,
        required: argument.required,
      })),
    })),
    ...(next < workflowCatalog.length ? { nextCursor: writeCursor(next) } : {}),
  };
}

function writeCursor(offset: number): string {
  return Buffer.from(`prompts:${offset}`, "utf8").toString("base64url");
}

function readCursor(cursor: string): number {
  const match = /^prompts:(\d{1,6})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  const offset = match === null ? Number.NaN : Number(match[1]);
  if (!Number.isInteger(offset) || offset > workflowCatalog.length) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "The prompts/list cursor is not one this server handed out; list again without a cursor.",
    );
  }
  return offset;
}
