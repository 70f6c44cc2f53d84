// The context budget: what the tool surfaces cost today (measured 2026-12-04
// with o200k on what the hosts send), plus about 2%, so a description or
// schema that grows fails `pnpm test` instead of quietly costing every
// session more. Lower a figure when a change makes a surface smaller; raise
// one only with a reason in the commit. The targets are the goal of the
// lean-schema work; the bench (P9) reports the gap to them.

/** Tokens allowed per surface (o200k). */
export const CONTEXT_BUDGET = {
  /**
   * tools/list of the default toolsets: name, description and input schema of each tool (today 5,826:
   * 5,044 plus 782 for the idea tools in the author toolset and ideas in openspec_context).
   */
  defaultTools: 5950,
  /**
   * The whole tools/list answer of the default toolsets (today 14,211, with context's `sequence`: 13,460 plus the output
   * fields that CLI answers from a shared run (`cached`, `computed_at`) and hermes-openspec's
   * callers (`count`, `spec`, a requirement's `status`) read), plus 2,342 for the idea tools, whose
   * promotion answers as openspec_change_create does, and the ideas of openspec_context's answers).
   */
  // Both the idea tools and the CLI-contract tools landed at once; the figures are measured again after the merge.
  defaultListMessage: 17000,
  allTools: 9300,
  allListMessage: 29000,
  hermesSchemas: 9300,
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
