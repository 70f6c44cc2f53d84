// The context budget: what the tool surfaces cost (measured 2026-12-05 with
// o200k on what the hosts send, 30 tools, after the lean schemas: short
// descriptions with the rest in each tool's notes, field descriptions of a
// few words, the host-guarding caps, `minLength: 1` and
// `additionalProperties: false` left out of published input schemas, lean
// output schemas that restate nothing their result already says, the title
// sent once), plus about 2%, so a description or schema that grows fails
// `pnpm test` instead of quietly costing every session more. Lower a figure
// when a change makes a surface smaller; raise one only by what a new tool
// measurably adds, with the figure in the comment.

/** Tokens allowed per surface (o200k). */
export const CONTEXT_BUDGET = {
  /** tools/list of the default toolsets (read, author, lifecycle: the whole loop): name, description and input schema of each tool (today 2,343, 15 tools, 0.557 of the anchor; 2,461 before change create published `modified` as "as in added"; 1,120 when the default was read alone). */
  defaultTools: 2390,
  /** The whole tools/list answer of the default toolsets, output schemas included (today 9,922). */
  defaultListMessage: 10120,
  /** tools/list of every toolset: name, description and input schema (today 4,079, 30 tools). */
  allTools: 4160,
  /** The whole tools/list answer of every toolset, output schemas included (today 15,574, 30 tools; 16,529 before output schemas left out what their result restates and annotations the title). */
  allListMessage: 15890,
  /** The whole tools/list answer of every toolset from a server started with `--no-output-schemas` (today 5,164, 30 tools: 10,410 fewer than with them). */
  allListMessageWithoutOutputSchemas: 5270,
  /** The output schemas of every toolset alone (today 10,295, 30 tools): exact, so this is the floor of `allListMessage` beside the tools themselves. */
  allOutputSchemas: 10510,
  /** The schemas the Hermes plugin registers, all toolsets (today 4,049, 30 tools; 2,328 for the toolsets `hermes install` leaves on). */
  hermesSchemas: 4130,
  /** prompts/list (today 752). */
  prompts: 800,
  /** The server's instructions (today 97, for a default session: they name what it is offered). */
  instructions: 120,
} as const;

/**
 * The most the default tool surface of each host (MCP's default toolsets,
 * the Hermes toolsets `hermes install` leaves on) may cost, as a share of
 * hermes-openspec's whole catalog (name, description and input schema): a
 * first session gets the whole loop for well under what the plugin it
 * replaces cost.
 */
export const DEFAULT_SHARE_OF_ANCHOR = 0.6;

/**
 * The loop of a change, each step with the tools that do it: the default
 * surface of every host must hold at least one tool of every step.
 */
export const LOOP_TOOLS = {
  "find and read": ["openspec_context", "openspec_list", "openspec_show"],
  propose: ["openspec_change_create"],
  "tick tasks": ["openspec_task_set_status"],
  validate: ["openspec_validate"],
  archive: ["openspec_change_archive"],
} as const;

/** Where the lean-schema work is to bring the tool surfaces (tokens, o200k). */
export const CONTEXT_TARGETS = {
  /** 0.6 of hermes-openspec's recorded 4,205: the whole loop for well under the plugin it replaces. */
  defaultTools: 2523,
  allTools: 4200,
  allListMessage: 8000,
} as const;

/**
 * The most a tool's description may cost (o200k tokens): what it does and
 * when to pick it, in one or two short sentences. Result fields, edge cases
 * and examples go to the tool's `notes` (the generated reference docs) and
 * to its failures' `fix` texts. `tool-description-budget.test.ts` holds
 * every tool to it, new ones included.
 */
export const DESCRIPTION_TOKEN_CAP = 60;

/** The most one input field's description may cost: a few words. */
export const FIELD_DESCRIPTION_TOKEN_CAP = 30;
