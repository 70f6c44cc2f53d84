import type { z } from "zod";
import type { CatalogContext } from "./catalog-context.js";
import type { ToolPresentation } from "./tool-presentation.js";
import type { ToolFailure, ToolSuccess } from "./tool-result.js";

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

/** The schema of a tool's success: `ok: true` and the tool's own fields. */
export type SuccessSchema = z.ZodType<ToolSuccess>;

/**
 * One tool of the catalog: everything a host needs to offer it. Hosts only
 * translate these (the MCP server, the Hermes plugin, the shell CLI and its
 * readable views); they never define a tool of their own.
 */
export type ToolDefinition<
  Input extends z.ZodObject = z.ZodObject,
  Output extends SuccessSchema = SuccessSchema,
> = {
  name: string;
  /**
   * Written for an agent choosing and calling the tool: what it does and when
   * to pick it, in one or two short sentences (every session pays for it;
   * `tool-description-budget.test.ts` holds each tool to `DESCRIPTION_TOKEN_CAP`).
   */
  description: string;
  /**
   * The rest, for people and for an agent that looks it up: result fields,
   * edge cases, refusals and examples. Only the generated reference docs
   * show it (under the tool's results); no tool list carries it.
   */
  notes?: string;
  inputSchema: Input;
  /** The success shape; a failure is always `toolFailureSchema`. */
  outputSchema: Output;
  /** Whether the tool runs the OpenSpec CLI and so is offered only when a binary is found. */
  requiresCli: boolean;
  annotations: ToolAnnotations;
  /**
   * A tool that writes only for some inputs (`openspec_cli`): a host that
   * offers only reading still offers it, and calls it with `readOnly: true`
   * in the call context, under which it refuses every input that writes.
   */
  servesReadOnly?: boolean;
  /** How people meet the tool: its shell command and how a result reads. */
  presentation: ToolPresentation<z.input<Input>, z.output<Output>>;
  // Method syntax, so a catalog can hold tools with different input and output types.
  handler(input: z.output<Input>, context: CatalogContext): Promise<z.output<Output> | ToolFailure>;
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

/** A tool as written: its input and output schemas are built by functions, on first use. */
export type ToolDefinitionSource<Input extends z.ZodObject, Output extends SuccessSchema> = Omit<
  ToolDefinition<Input, Output>,
  "inputSchema" | "outputSchema"
> & {
  inputSchema: () => Input;
  outputSchema: () => Output;
};

/**
 * Keeps each tool's handler and presentation typed by its own schemas, and
 * builds each schema only when something reads it: a shell command that calls
 * one tool validates its input and never needs the output schema, which is
 * most of a tool's schema nodes; an MCP server lists the tools from the
 * schemas its build recorded and builds a tool's input schema on its first call.
 */
export function defineTool<Input extends z.ZodObject, Output extends SuccessSchema>(
  definition: ToolDefinitionSource<Input, Output>,
): ToolDefinition<Input, Output> {
  const { inputSchema: buildInputSchema, outputSchema: buildOutputSchema, ...rest } = definition;
  let inputSchema: Input | undefined;
  let outputSchema: Output | undefined;
  return {
    ...rest,
    get inputSchema(): Input {
      inputSchema ??= buildInputSchema();
      return inputSchema;
    },
    get outputSchema(): Output {
      outputSchema ??= buildOutputSchema();
      return outputSchema;
    },
  };
}
