import type { NewerSchema } from "./find-newer-schema.js";
import { type RegistryFailure, registryFailure } from "./registry-failure.js";
import { classifySqliteError, findSqliteError } from "./sqlite-error.js";

/** Turns an error from SQLite into a failure value, or rethrows it when it is a bug. */
export function databaseFailure(
  file: string,
  error: unknown,
  busyTimeoutMs: number,
): RegistryFailure {
  const kind = classifySqliteError(error);
  if (kind === "busy") {
    return registryFailure(
      "registry_busy",
      `The registry ${file} stayed locked by another process for ${busyTimeoutMs / 1000} s with no other write finishing; try again, or end the process that holds it.`,
    );
  }
  if (kind === "read_only") return readOnlyRegistry(file, "SQLite refused to write it");
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

/** Reads still work; a write cannot, and no repair is needed. */
export function readOnlyRegistry(file: string, reason: string): RegistryFailure {
  return registryFailure(
    "registry_read_only",
    `The registry ${file} is read-only for this user (${reason}), so sources can be listed and resolved but not added, changed or removed; make the file and its folder writable, or set OPENSPEC_AGENT_DB to a writable file.`,
  );
}

export function tooNewRegistry(file: string, newer: NewerSchema): RegistryFailure {
  return registryFailure(
    "registry_too_new",
    `The registry ${file} was written by a newer openspec-agent (schema version ${newer.fileVersion}; this build knows up to version ${newer.buildVersion}) and was left untouched; upgrade openspec-agent in every host that shares this file.`,
  );
}
