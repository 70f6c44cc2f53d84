import type { Tool } from "@modelcontextprotocol/server";
import {
  type Catalog,
  narrowCatalog,
  offeredToolsets,
  type ToolResult,
  toolFailure,
  toolsetOf,
} from "@org/openspec-core";
import { readOnlyCatalog } from "./read-only-catalog.js";

/** Which of the catalog's tools one MCP server offers, and how it lists them. */
export type ToolOffer = {
  /** The toolsets to offer, as `selectToolsets` chose them; default every toolset. */
  toolsets?: readonly string[];
  /** Offer only the tools whose annotations say `readOnlyHint`. */
  readOnly?: boolean;
  /**
   * Also offer `openspec_toolsets`, which lists the other toolsets and enables
   * one; the server then sends `notifications/tools/list_changed`.
   */
  dynamicToolsets?: boolean;
  /**
   * Send each tool's output schema in tools/list; default true. Off for clients
   * that put output schemas into the model's context (Codex's code mode).
   */
  outputSchemas?: boolean;
};

/** The name of the tool that lists and enables toolsets under `dynamicToolsets`. */
export const TOOLSETS_TOOL = "openspec_toolsets";

const toolsetsTool: Tool = {
  name: TOOLSETS_TOOL,
  title: "List and enable OpenSpec toolsets",
  description:
    "List the OpenSpec toolsets, one line each, and which are enabled. Pass `enable` with a toolset name to add its tools to this session; the tool list then changes.",
  inputSchema: {
    type: "object",
    properties: { enable: { type: "string", description: "A toolset name to enable." } },
    additionalProperties: false,
  },
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

/**
 * The catalog as one server offers it: narrowed to the chosen toolsets, then
 * to the tools that read under `readOnly`. A call to a tool outside them is
 * answered with `tool_unavailable` naming its toolset and how to get it.
 * With `dynamicToolsets`, `tool` is the extra listing tool and `answer` runs
 * it; `enable` widens the view at once (the caller re-lists and notifies).
 */
export function offerToolsets(base: Catalog, offer: ToolOffer) {
  const all = offeredToolsets(base.tools);
  const enabled = new Set(offer.toolsets ?? all.map((toolset) => toolset.name));
  let names = new Set<string>();
  const refresh = (): void => {
    names = new Set(all.filter((set) => enabled.has(set.name)).flatMap((set) => set.tools));
  };
  refresh();
  const howToEnable = (toolset: string): string =>
    offer.dynamicToolsets
      ? `Call ${TOOLSETS_TOOL} with enable "${toolset}", then call the tool again.`
      : `Start the server with --toolsets ${[...enabled, toolset].join(",")} (or all), or set OPENSPEC_AGENT_TOOLSETS; over HTTP, send the header X-OpenSpec-Toolsets.`;
  let catalog =
    offer.toolsets === undefined
      ? base
      : narrowCatalog(
          base,
          (tool) => names.has(tool.name),
          (name) => {
            const toolset = toolsetOf(name)?.name ?? "none";
            return toolFailure(
              "tool_unavailable",
              `${name} is in the toolset "${toolset}", which this server does not offer now.`,
              howToEnable(toolset),
            );
          },
        );
  if (offer.toolsets !== undefined)
    catalog = namingUnofferedTools(catalog, (tool) => {
      if (names.has(tool)) return undefined;
      const toolset = toolsetOf(tool)?.name;
      if (toolset === undefined) return undefined;
      return offer.dynamicToolsets
        ? `in the toolset "${toolset}": call ${TOOLSETS_TOOL} with enable "${toolset}" first`
        : `in the toolset "${toolset}", not offered now: start the server with --toolsets ${[...enabled, toolset].join(",")}, or over HTTP send X-OpenSpec-Toolsets`;
    });
  if (offer.readOnly) catalog = readOnlyCatalog(catalog, "Start the server without --read-only.");

  const find = (name: string) =>
    all.find((candidate) => candidate.name === name.trim().toLowerCase());
  const noSuchToolset = (name: string): ToolResult =>
    toolFailure(
      "invalid_input",
      `There is no toolset named "${name}".`,
      `Use one of ${all.map((candidate) => candidate.name).join(", ")}.`,
    );
  const enable = (name: string): ToolResult => {
    const toolset = find(name);
    if (toolset === undefined) return noSuchToolset(name);
    enabled.add(toolset.name);
    refresh();
    return listing(toolset.name);
  };
  const listing = (newlyEnabled?: string): ToolResult => ({
    ok: true,
    ...(newlyEnabled === undefined ? {} : { enabled: newlyEnabled }),
    toolsets: all.map(
      (toolset) =>
        `${toolset.name}${enabled.has(toolset.name) ? " (enabled)" : ""}: ${toolset.summary}`,
    ),
  });
  /** The `enable` argument: undefined, a name, or a failure for anything else. */
  const enableArgument = (args: unknown): string | ToolResult | undefined => {
    const value =
      typeof args === "object" && args !== null ? (args as { enable?: unknown }).enable : undefined;
    if (value === undefined || typeof value === "string") return value;
    return toolFailure("invalid_input", "`enable` must be a toolset name.", "Pass a string.");
  };

  return {
    catalog,
    /** The extra tool under `dynamicToolsets`, else undefined. */
    tool: offer.dynamicToolsets ? toolsetsTool : undefined,
    /** Answers a call of the extra tool: the listing, after enabling `enable` when given. */
    answer(args: unknown): ToolResult {
      const name = enableArgument(args);
      if (name === undefined) return listing();
      return typeof name === "string" ? enable(name) : name;
    },
    /**
     * Answers a call of the extra tool without enabling anything, for a
     * server that lives for one request (2026-07-28): the listing, and for
     * `enable` how to choose the toolsets instead (`enabled: false` and a fix).
     */
    describe(args: unknown): ToolResult {
      const name = enableArgument(args);
      if (name === undefined) return listing();
      if (typeof name !== "string") return name;
      const toolset = find(name);
      if (toolset === undefined) return noSuchToolset(name);
      const wanted = [...new Set([...enabled, toolset.name])].join(",");
      return {
        ...listing(),
        enabled: false,
        fix: `Send the header X-OpenSpec-Toolsets: ${wanted} with your requests (over stdio: start the server with --toolsets ${wanted}); this server keeps no toolsets between requests.`,
      };
    },
  };
}

/**
 * The catalog whose fixes, when they point to a tool outside the offered
 * toolsets (a registry fix naming openspec_source_add in a server offering
 * the default toolsets), say how to get that tool: the client cannot call a
 * tool its list lacks. A host's own wording, if it passes one, is kept.
 */
function namingUnofferedTools(
  catalog: Catalog,
  unoffered: (tool: string) => string | undefined,
): Catalog {
  return {
    ...catalog,
    get tools() {
      return catalog.tools;
    },
    call: (name, args, call = {}) =>
      catalog.call(
        name,
        args,
        call.fixWording === undefined ? { ...call, fixWording: { kind: "tool", unoffered } } : call,
      ),
  };
}
