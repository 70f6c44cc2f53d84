import { BUSY_TIMEOUT_MS } from "./registry-database.js";
import { type RegistryFailure, registryFailure } from "./registry-failure.js";
import { classifySqliteError, findSqliteError } from "./sqlite-error.js";

/** Turns an error from SQLite into a failure value, or rethrows it when it is a bug. */
export function databaseFailure(file: string, error: unknown): RegistryFailure {
  const kind = classifySqliteError(error);
  if (kind === "busy") {
    return registryFailure(
      "registry_busy",
      `The registry ${file} stayed locked by another process for ${BUSY_TIMEOUT_MS / 1000} s; try again.`,
    );
  }
  if (kind === "unreadable") {
    return unreadableRegistry(file, findSqliteError(error)?.message ?? String(error));
  }
  throw error;
}

export function unreadableRegistry(file: string, problem: string): RegistryFailure {
  return registryFailure(
    "registry_unreadable",
    `The registry file ${file} cannot be used (${problem}) and was left untouched; repair or move it, or set OPENSPEC_AGENT_DB to another file.`,
  );
}
