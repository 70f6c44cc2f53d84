import type { z } from "zod";
import type { CatalogContext } from "./catalog-context.js";
import type { ToolResult } from "./tool-result.js";

/** How a host may present a tool: hints that follow the MCP tool annotations. */
export type ToolAnnotations = {
  title: string;
  /** The tool never changes anything on disk. */
  readOnlyHint: boolean;
  /** The tool can replace existing content (only with `force`). */
  destructiveHint: boolean;
  /** Calling it twice with the same input has no further effect. */
  idempotentHint: boolean;
  /** The tool reaches nothing beyond this machine. */
  openWorldHint: false;
};

/** One tool of the catalog; hosts only translate these, they never define their own. */
export type ToolDefinition<Input extends z.ZodObject = z.ZodObject> = {
  name: string;
  /** Written for an agent: what it does, when to call it, what comes back. */
  description: string;
  inputSchema: Input;
  /** Whether the tool runs the OpenSpec CLI and so is offered only when a binary is found. */
  requiresCli: boolean;
  annotations: ToolAnnotations;
  // Method syntax, so a catalog can hold tools with different input types.
  handler(input: z.output<Input>, context: CatalogContext): Promise<ToolResult>;
};

/** Annotations of a tool that only reads. */
export function readOnlyTool(title: string): ToolAnnotations {
  return {
    title,
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  };
}

/** Annotations of a tool that writes; `destructive` when it can replace or remove what exists. */
export function writingTool(title: string, destructive: boolean): ToolAnnotations {
  return {
    title,
    readOnlyHint: false,
    destructiveHint: destructive,
    idempotentHint: false,
    openWorldHint: false,
  };
}

/** Keeps each tool's handler typed by its own schema. */
export function defineTool<Input extends z.ZodObject>(
  definition: ToolDefinition<Input>,
): ToolDefinition<Input> {
  return definition;
}
