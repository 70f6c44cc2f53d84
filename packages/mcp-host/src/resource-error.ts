import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

/**
 * The code of the 2025 revisions for a resource that does not exist. The SDK
 * sends `-32602` for it on every revision (SEP-2164); 2025-era connections
 * get this code back (see restore-resource-not-found.ts).
 */
export const RESOURCE_NOT_FOUND = -32002;

/** The catalog's codes that mean "there is no such thing", not "you asked wrongly". */
const NOT_FOUND_CODES = new Set([
  "source_not_found",
  "artifact_not_found",
  "change_not_found",
  "spec_not_found",
  "idea_not_found",
  "invalid_workdir",
  "no_openspec_root",
  "skill_not_found",
]);

/** The catalog's codes that mean the file is there but this server could not read it. */
const UNREADABLE_CODES = new Set(["unreadable", "not_a_regular_file", "unsupported_encoding"]);

/** A resource that is not there; `fix` says what to do instead. */
export function resourceNotFound(
  uri: string,
  error: string,
  fix: string,
  code: string,
): ProtocolError {
  return new ProtocolError(RESOURCE_NOT_FOUND, `${error} ${fix}`, { uri, code });
}

/** Whether an error's data is that of a missing resource: its URI and a not-found code. */
export function isResourceNotFoundData(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const { uri, code } = data as { uri?: unknown; code?: unknown };
  return typeof uri === "string" && typeof code === "string" && NOT_FOUND_CODES.has(code);
}

/**
 * A catalog failure as a JSON-RPC error: missing things are -32002 (resource
 * not found), a file that cannot be read is -32603, anything else (a name
 * the catalog refuses, a path leading out of the repository) is the client's
 * request, so -32602. The message is the catalog's sentence and fix.
 */
export function resourceFailure(
  uri: string,
  failure: { code: string; error: string; fix?: string },
): ProtocolError {
  const message = failure.fix === undefined ? failure.error : `${failure.error} ${failure.fix}`;
  const data = { uri, code: failure.code };
  if (NOT_FOUND_CODES.has(failure.code))
    return new ProtocolError(RESOURCE_NOT_FOUND, message, data);
  if (UNREADABLE_CODES.has(failure.code))
    return new ProtocolError(ProtocolErrorCode.InternalError, message, data);
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message, data);
}
