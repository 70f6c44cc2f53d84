import type { RefusedCliRun } from "./create-shared-cli-runs.js";
import type { ToolFailure } from "./tool-result.js";

/**
 * A CLI run refused before it started, in the shape of a run (the argv that
 * was not run, nothing read), so every handler reads it as it reads a
 * failed run: its `code`, one-sentence `error` and `fix` come first.
 */
export function refusedRun(
  refusal: ToolFailure,
  args: readonly string[],
  workdir: string,
): RefusedCliRun {
  return {
    ...refusal,
    // findCliEscape answers with these codes only.
    code: refusal.code as RefusedCliRun["code"],
    command: ["openspec", ...args],
    workdir,
    exit_code: null,
    signal: null,
    stdout: "",
    stderr: "",
    truncated: false,
    duration_ms: 0,
    diagnostics: [],
  };
}
