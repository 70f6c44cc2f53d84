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
  /** tools/list of the default toolset (read): name, description and input schema of each tool (today 1,096, with the paging fields of list, show and spec show). */
  defaultTools: 1105,
  /** The whole tools/list answer of the default toolset, output schemas included (today 5,254). */
  defaultListMessage: 5360,
  /** tools/list of every toolset: name, description and input schema (today 4,185, 30 tools); held at the target, not 2% above it. */
  allTools: 4200,
  /** The whole tools/list answer of every toolset, output schemas included (today 15,286, 30 tools; 16,529 before output schemas left out what their result restates and annotations the title). */
  allListMessage: 15590,
  /** The whole tools/list answer of every toolset from a server started with `--no-output-schemas` (today 5,270, 30 tools: 10,016 fewer than with them). */
  allListMessageWithoutOutputSchemas: 5375,
  /** The output schemas of every toolset alone (today 9,901, 30 tools): exact, so this is the floor of `allListMessage` beside the tools themselves. */
  allOutputSchemas: 10100,
  /** The schemas the Hermes plugin registers, all toolsets (today 4,155, 30 tools). */
  hermesSchemas: 4240,
  /** prompts/list (today 752). */
  prompts: 800,
  /** The server's instructions (today 92). */
  instructions: 120,
} as const;

/** Where the lean-schema work is to bring the tool surfaces (tokens, o200k). */
export const CONTEXT_TARGETS = {
  defaultTools: 2100,
  allTools: 4200,
  allListMessage: 15700,
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
