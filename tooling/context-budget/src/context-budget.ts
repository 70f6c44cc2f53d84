// The context budget: what the tool surfaces cost today (measured 2026-12-04
// with o200k on what the hosts send), plus about 2%, so a description or
// schema that grows fails `pnpm test` instead of quietly costing every
// session more. Lower a figure when a change makes a surface smaller; raise
// one only with a reason in the commit. The targets are the goal of the
// lean-schema work; the bench (P9) reports the gap to them.

/** Tokens allowed per surface (o200k). */
export const CONTEXT_BUDGET = {
  /** tools/list of the default toolsets: name, description and input schema of each tool (today 5,097). */
  defaultTools: 5150,
  /**
   * The whole tools/list answer of the default toolsets (today 14,211, with context's `sequence`: 13,460 plus the output
   * fields that CLI answers from a shared run (`cached`, `computed_at`) and hermes-openspec's
   * callers (`count`, `spec`, a requirement's `status`) read).
   */
  defaultListMessage: 14350,
  /**
   * tools/list of every toolset: name, description and input schema (today 7,652: 7,090 plus 562
   * for openspec_change_promote and openspec_change_sequence_set).
   */
  allTools: 7812,
  /**
   * The whole tools/list answer of every toolset, output schemas included (today 23,669: 22,030
   * plus 1,639 for the two lifecycle tools and the `sequence` field of context and task list).
   */
  allListMessage: 24139,
  /** The schemas the Hermes plugin registers, all toolsets (today 7,629: 7,069 plus 560 for the same two tools). */
  hermesSchemas: 7810,
  /** prompts/list (today 752). */
  prompts: 800,
  /** The server's instructions (today 92). */
  instructions: 120,
} as const;

/** Where the lean-schema work is to bring the tool surfaces (tokens, o200k). */
export const CONTEXT_TARGETS = {
  defaultTools: 2100,
  allTools: 4200,
  allListMessage: 8000,
} as const;
