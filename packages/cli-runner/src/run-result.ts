import type { Failure } from "@org/openspec-failure";
import type { ArgsFailureCode } from "./builders/start-argv.js";
import type { CliDiagnostic } from "./collect-diagnostics.js";
import type { LocateFailureCode } from "./find-openspec.js";
import type { JsonDocument } from "./parse-cli-json.js";

/** Why a run did not succeed. Stable, snake_case; see the README for each. */
export type RunFailureCode =
  | LocateFailureCode
  | ArgsFailureCode
  | "invalid_workdir"
  | "spawn_failed"
  | "timeout"
  | "cancelled"
  | "killed_by_signal"
  | "exit_nonzero"
  | "confinement_unavailable";

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

/** A run that did not succeed: the shared failure (`code`, `error`) plus the envelope. */
export interface RunFailure extends RunEnvelope, Failure<RunFailureCode> {}

export type RunResult = RunSuccess | RunFailure;
