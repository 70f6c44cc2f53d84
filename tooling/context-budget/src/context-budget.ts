// The context budget: what the tool surfaces cost today (measured 2026-12-04
// with o200k on what the hosts send), plus about 2%, so a description or
// schema that grows fails `pnpm test` instead of quietly costing every
// session more. Lower a figure when a change makes a surface smaller; raise
// one only with a reason in the commit. The targets are the goal of the
// lean-schema work; the bench (P9) reports the gap to them.

/** Tokens allowed per surface (o200k). */
export const CONTEXT_BUDGET = {
  /** tools/list of the default toolsets: name, description and input schema of each tool (today 5,044). */
  defaultTools: 5150,
  /**
   * The whole tools/list answer of the default toolsets (today 14,039: 13,460 plus the output
   * fields that CLI answers from a shared run (`cached`, `computed_at`) and hermes-openspec's
   * callers (`count`, `spec`, a requirement's `status`) read).
   */
  defaultListMessage: 14350,
  /**
   * tools/list of every toolset: name, description and input schema (today 7,707: 7,090 plus
   * the cli toolset's openspec_doctor, openspec_schemas and openspec_cli, 470, and
   * openspec_store_list in sources).
   */
  allTools: 7870,
  /**
   * The whole tools/list answer of every toolset, output schemas included (today 24,941: 22,030
   * as above, plus the four CLI-backed tools of the CLI's contract, whose output is the CLI run's
   * envelope).
   */
  allListMessage: 25450,
  /** The schemas the Hermes plugin registers, all toolsets (today 7,682: 7,069 plus the four tools above). */
  hermesSchemas: 7840,
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
