import type { ArtifactFailureCode } from "@org/openspec-artifacts";
import type { LocateFailureCode, RunFailureCode } from "@org/openspec-cli-runner";
import { type Failure, failure } from "@org/openspec-failure";
import type { RegistryFailureCode } from "@org/openspec-registry";
import type { WorkflowFailureCode } from "./workflows/render-workflow.js";

/** What every tool returns: `ok` first, and on failure one sentence, a stable code and a fix. */
export type ToolSuccess = { ok: true } & Record<string, unknown>;

/** The codes the catalog itself answers with, on top of those of the packages below it. */
export type CoreFailureCode =
  | "invalid_input"
  | "invalid_path"
  | "invalid_setting"
  | "invalid_workdir"
  | "missing_target"
  | "no_openspec_root"
  | "unknown_tool"
  | "unknown_schema"
  | "unknown_artifact"
  | "validation_failed"
  | "cli_failed"
  | "cli_output_unexpected"
  | "unknown_command"
  | "command_not_allowed"
  | "tasks_open"
  | "no_delta_specs"
  | "change_incomplete"
  | "dependency_cycle"
  | "dependencies_active"
  | "archive_not_verified"
  | "external_write"
  | "store_not_allowed"
  | "config_too_structured"
  | "internal_error";

/**
 * The codes a host adds around the catalog's results: a request it cannot
 * read or pass on, a tool it does not offer, a bridge that is not running, a
 * `workdir` the team HTTP server does not let a token reach, a file or port
 * it cannot use. The Hermes installer's own codes are the Hermes host's
 * (`InstallerFailureCode` of `@org/openspec-hermes-host`): its results are
 * not tool results.
 */
export type HostFailureCode =
  | "invalid_request"
  | "request_too_large"
  | "tool_unavailable"
  | "workdir_not_allowed"
  | "bridge_unavailable"
  | "io_error";

/** Every code a tool result can carry; an agent can branch on each. */
export type ToolFailureCode =
  | CoreFailureCode
  | HostFailureCode
  | ArtifactFailureCode
  | RegistryFailureCode
  | RunFailureCode
  | LocateFailureCode
  | WorkflowFailureCode;

/** The shared failure, with any extra fields a tool adds (candidates, the CLI run, issues). */
export type ToolFailure = Failure<ToolFailureCode> & Record<string, unknown>;

export type ToolResult = ToolSuccess | ToolFailure;

export function toolFailure(
  code: ToolFailureCode,
  error: string,
  fix?: string,
  extra: Record<string, unknown> = {},
): ToolFailure {
  return failure(code, error, fix, extra);
}
