import type { OpenSpecDiscovery } from "@org/openspec-cli-runner";
import type { SourceToImport } from "@org/openspec-registry";
import { applyArgumentAliases } from "./apply-argument-aliases.js";
import { type CatalogOptions, createCatalogContext } from "./catalog-context.js";
import { dropNullFields } from "./drop-null-fields.js";
import type { ProcessSourceView } from "./process-sources.js";
import { safeParseToolInput } from "./safe-parse-tool-input.js";
import type { SequenceToImport } from "./sequence/import-hermes-sequences.js";
import type { ToolCallContext } from "./tool-call-context.js";
import type { ToolDefinition } from "./tool-definition.js";
import { type ToolFailure, type ToolResult, toolFailure } from "./tool-result.js";
import { unknownTool } from "./unknown-tool.js";
import type { WarmPoolStatus } from "./warm-pool-status.js";

/** Whether a host should offer a tool right now, and why not. */
export type ToolAvailability = { tool: ToolDefinition; available: boolean; reason: string | null };

export type Catalog = {
  /** Every tool, available or not. */
  readonly tools: readonly ToolDefinition[];
  /** The tools to offer now: without an OpenSpec binary, only those that need none. */
  available(): Promise<ToolDefinition[]>;
  /** Every tool with its availability and the reason when unavailable. */
  availability(): Promise<ToolAvailability[]>;
  /** Where the OpenSpec CLI was found, or why it was not (re-checked every few seconds). */
  cliStatus(): Promise<OpenSpecDiscovery>;
  /** Whether CLI-backed calls can run on warm workers, and why not; see `WarmPoolStatus`. */
  warmPoolStatus(): Promise<WarmPoolStatus>;
  /**
   * Validates the arguments and runs the tool. Never throws: every outcome is
   * a result. `call` lets a host stop the call (`signal`: a CLI run behind it
   * is killed) and hear how it goes (`onProgress`).
   */
  call(name: string, args: unknown, call?: ToolCallContext): Promise<ToolResult>;
  /**
   * The sources of the `processSources` option that a tool's `source` reaches
   * now (each folder's repository, unless a registered source holds it). They
   * are not in `openspec_source_list`, which lists the registry; `[]` without
   * the option.
   */
  processSources(): Promise<{ ok: true; sources: ProcessSourceView[] } | ToolFailure>;
  /**
   * Registers sources that keep the token, name and creation time another
   * registry gave them (the Hermes host's import of the earlier Python
   * plugin's `openspec.db`); each row is checked like an add, and one that
   * cannot be taken is skipped with a code. Idempotent.
   */
  importSources(sources: readonly SourceToImport[]): Promise<ToolResult>;
  /**
   * Writes the change order and dependencies another registry kept (the
   * Hermes host's import) into each change's `.openspec.yaml`, through the
   * writer of `openspec_change_sequence_set`. Idempotent.
   */
  importSequences(rows: readonly SequenceToImport[]): Promise<ToolResult>;
  /** Closes the registry file. */
  close(): void;
};

/**
 * The catalog of the given tools, bound to a registry, an OpenSpec binary and
 * settings. Unlike `createCatalog`, it does not load the built-in tools, so a
 * shell command that calls one tool builds only that tool's schemas.
 */
export function catalogOf(
  tools: readonly ToolDefinition[],
  settings: CatalogOptions = {},
): Catalog {
  const context = createCatalogContext(settings);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  const availability = async (): Promise<ToolAvailability[]> => {
    const cli = await context.findCli();
    return tools.map((tool) => ({
      tool,
      available: !tool.requiresCli || cli.ok,
      reason: tool.requiresCli && !cli.ok ? cli.error : null,
    }));
  };

  const callTool = async (
    name: string,
    args: unknown,
    call: ToolCallContext,
  ): Promise<ToolResult> => {
    const tool = byName.get(name);
    if (!tool) {
      return unknownTool(name, [...byName.keys()]);
    }
    if (context.settingFailure !== undefined) return context.settingFailure;
    // A null field is one not given (drop-null-fields.ts); names from the earlier
    // Python Hermes plugin then become ours (argument-aliases.ts).
    const aliased = applyArgumentAliases(
      tool.name,
      Object.keys(tool.inputSchema.shape),
      dropNullFields(args ?? {}, tool.inputSchema),
    );
    if (!aliased.ok) return aliased;
    const parsed = safeParseToolInput(tool.inputSchema, aliased.args);
    if (!parsed.success) return invalidInput(tool, parsed.issues);
    if (call.signal?.aborted) return cancelledFailure(tool.name);
    try {
      return await tool.handler(parsed.data, context.forCall(call));
    } catch (error) {
      // A handler that throws has a bug; the caller still gets a result.
      return toolFailure(
        "internal_error",
        `${tool.name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        "Report this as a bug in openspec-agent, with the input that caused it.",
      );
    }
  };

  return {
    tools,
    availability,
    async available() {
      return (await availability()).filter((entry) => entry.available).map((entry) => entry.tool);
    },
    cliStatus: () => context.findCli(),
    // Loaded on use: it reads the runner's view of the CLI's package.
    async warmPoolStatus() {
      const { warmPoolStatus } = await import("./warm-pool-status.js");
      return warmPoolStatus(await context.findCli(), context.env, await context.keepsPool());
    },
    async call(name, args, call = {}) {
      const result = await callTool(name, args, call);
      // A failure's error and fix, or a success's note and hint (what to do next), name what to call.
      const fields = result.ok ? (["note", "hint"] as const) : (["error", "fix"] as const);
      const worded: Record<string, string> = {};
      for (const field of fields) {
        const text: unknown = result[field];
        if (typeof text !== "string" || !text.includes("{")) continue;
        const { wordText } = await import("./word-text.js");
        worded[field] = await wordText(text, name, call.fixWording, byName);
      }
      return Object.keys(worded).length === 0 ? result : { ...result, ...worded };
    },
    async processSources() {
      const { listProcessSources } = await import("./process-sources.js");
      const listed = await listProcessSources(context);
      if (!Array.isArray(listed)) return listed;
      const sources = listed.map(
        (source): ProcessSourceView => ({
          token: source.token,
          display_name: source.displayName,
          path: source.path,
          registered: false,
        }),
      );
      return { ok: true, sources };
    },
    // Loaded on use: it needs the source tools' views and the artifacts, which a
    // catalog of one other tool (a shell command) would otherwise load at start.
    async importSources(sources) {
      const { importSources } = await import("./import-sources.js");
      return importSources(context, sources);
    },
    async importSequences(rows) {
      const { importSequences } = await import("./import-sources.js");
      return importSequences(context, rows);
    },
    close: () => context.close(),
  };
}

function cancelledFailure(name: string): ToolResult {
  return toolFailure(
    "cancelled",
    `The call to ${name} was cancelled before it started.`,
    "Call again if the result is still wanted.",
  );
}

function invalidInput(
  tool: ToolDefinition,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ToolResult {
  const issue = issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join(".") : "input";
  const message = issue ? issue.message : "invalid input";
  return toolFailure(
    "invalid_input",
    `Invalid input for ${tool.name}: ${where}: ${message}.`,
    "Correct each field that issues names as its message says (limits such as a longest length are checked here, not listed in the tool's schema), and call again.",
    {
      issues: issues.map((entry) => ({
        path: entry.path.map(String).join("."),
        message: entry.message,
      })),
    },
  );
}
