import type { CliDiagnostic } from "./collect-diagnostics.js";
import type { JsonDocument } from "./parse-cli-json.js";

/** Why a run did not succeed. Stable, snake_case; see the README for each. */
export type RunFailureCode =
  | "openspec_not_found"
  | "invalid_workdir"
  | "invalid_argument"
  | "spawn_failed"
  | "timeout"
  | "killed_by_signal"
  | "exit_nonzero";

/** The fields every run result carries, whether or not the CLI was started. */
export interface RunEnvelope {
  /** The argv as run, binary first (`openspec` when no binary was found). */
  command: string[];
  workdir: string;
  /** The CLI's exit code; `null` when it was not started or ended by a signal. */
  exit_code: number | null;
  /** The signal that ended the CLI, e.g. `SIGTERM` after a timeout; otherwise `null`. */
  signal: string | null;
  /** The parsed document when stdout is one JSON object or array, the text otherwise. */
  stdout: JsonDocument | string;
  stderr: string;
  /** True when either stream went past `maxOutputBytes` and its rest was dropped. */
  truncated: boolean;
  duration_ms: number;
  /** Every `{severity, code, message, target?, fix?}` found in a `status` array of the stdout document. */
  diagnostics: CliDiagnostic[];
}

export interface RunSuccess extends RunEnvelope {
  ok: true;
  exit_code: 0;
}

export interface RunFailure extends RunEnvelope {
  ok: false;
  code: RunFailureCode;
  /** One sentence saying what went wrong. */
  error: string;
}

export type RunResult = RunSuccess | RunFailure;
