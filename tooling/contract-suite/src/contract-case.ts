import type { Sandbox } from "./sandbox.js";

/** What a case expects of the library's answer; every other host must then answer the same. */
export type Expectation = { ok: true; [key: string]: unknown } | { ok: false; code: string };

export type ContractCase = {
  name: string;
  tool: string;
  /** `sourceTokens`: the tokens of the sources earlier cases registered, in order. */
  args: (sandbox: Sandbox, sourceTokens: readonly string[]) => Record<string, unknown>;
  /** Runs in each host's sandbox before the case: what no tool makes, e.g. OpenSpec stores made with the real CLI. */
  prepare?: (sandbox: Sandbox) => void;
  expect: Expectation;
};
