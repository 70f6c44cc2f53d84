import { DEFAULT_MAX_ARTIFACT_BYTES } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "./tool-result.js";

/** The smallest and largest cap on one artifact's bytes in an answer. */
export const MIN_ARTIFACT_BYTES = 1024;
export const MAX_ARTIFACT_BYTES = 256 * 1024 * 1024;
export const ARTIFACT_BYTES_VARIABLE = "OPENSPEC_AGENT_MAX_ARTIFACT_BYTES";

/**
 * How many bytes of each artifact (spec, proposal, tasks, design) an answer
 * carries: the option, else the environment variable, else 1 MiB. A value out
 * of range is a failure of the tools that read artifacts, never a silent default.
 */
export function artifactByteCap(
  option: number | undefined,
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; bytes: number } | ToolFailure {
  const fromEnv = env[ARTIFACT_BYTES_VARIABLE];
  if (option === undefined && (fromEnv === undefined || fromEnv.trim() === "")) {
    return { ok: true, bytes: DEFAULT_MAX_ARTIFACT_BYTES };
  }
  const value = option ?? Number(fromEnv);
  if (Number.isInteger(value) && value >= MIN_ARTIFACT_BYTES && value <= MAX_ARTIFACT_BYTES) {
    return { ok: true, bytes: value };
  }
  const where = option === undefined ? ARTIFACT_BYTES_VARIABLE : "The maxArtifactBytes option";
  const shown = option === undefined ? JSON.stringify(fromEnv) : String(option);
  return toolFailure(
    "invalid_setting",
    `${where} is ${shown}; it must be a whole number of bytes from ${MIN_ARTIFACT_BYTES} to ${MAX_ARTIFACT_BYTES}.`,
    `Set it to a whole number in that range, or leave it unset for the default of ${DEFAULT_MAX_ARTIFACT_BYTES} (1 MiB).`,
  );
}
