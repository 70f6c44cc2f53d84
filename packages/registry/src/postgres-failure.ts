import { type RegistryFailure, registryFailure } from "./registry-failure.js";

/** SQLSTATE classes and codes that mean "the lock or a connection could not be had in time". */
const BUSY_STATES = new Set(["55P03", "57014", "40001", "40P01", "53300"]);
/** Node's socket errors and PostgreSQL's states for a server that is down, starting or stopping. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENOENT",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "3D000",
]);

/**
 * Turns an error from the PostgreSQL server or its connection into the
 * failure a caller can act on, with the same codes a SQLite file gives:
 * `registry_busy` for a lock or a pooled connection not had in time,
 * `registry_unreachable` for a server that cannot be reached or refuses the
 * login, `registry_read_only` for a role that may not write. Anything else
 * (a constraint, a syntax error) is a bug in this package and is rethrown.
 */
export function postgresFailure(
  location: string,
  error: unknown,
  busyTimeoutMs: number,
): RegistryFailure {
  const { code, message } = innermostCode(error);
  if (
    (code !== undefined && BUSY_STATES.has(code)) ||
    /timeout exceeded when trying to connect/i.test(message)
  ) {
    return registryFailure(
      "registry_busy",
      `The registry ${location} could not be had within ${busyTimeoutMs / 1000} s (a lock held by another writer, or every connection in use); try again, or end the session that holds it.`,
    );
  }
  if (code === "42501" || code === "25006") {
    return registryFailure(
      "registry_read_only",
      `The registry ${location} refuses writes for this database role (${message}), so sources can be listed and resolved but not changed; grant the role write access, or set OPENSPEC_AGENT_DB to another database.`,
    );
  }
  if (
    (code !== undefined && (UNREACHABLE_CODES.has(code) || /^(08|28)/.test(code))) ||
    /Connection terminated|connection is closed|Client has encountered a connection error/i.test(
      message,
    )
  ) {
    return unreachableRegistry(location, message);
  }
  throw error;
}

/** The server cannot be used now; the message says what the driver saw. */
export function unreachableRegistry(location: string, problem: string): RegistryFailure {
  return registryFailure(
    "registry_unreachable",
    `The registry ${location} cannot be reached (${problem}); start the PostgreSQL server or fix the URL and its login in OPENSPEC_AGENT_DB.`,
  );
}

/**
 * Whether the error came from a pooled connection the server had already
 * closed (a restart, a failover): the pool drops that connection, and the
 * call can be tried again on another one at once.
 */
export function isStaleConnection(error: unknown): boolean {
  const { code, message } = innermostCode(error);
  return (
    code === "EPIPE" ||
    code === "ECONNRESET" ||
    code === "57P01" ||
    /Connection terminated|connection is closed/i.test(message)
  );
}

/** The SQLSTATE or socket code of the error drizzle or the pool wrapped, and its message. */
function innermostCode(error: unknown): { code: string | undefined; message: string } {
  let found: { code: string | undefined; message: string } = {
    code: undefined,
    message: String(error),
  };
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    found = { code: typeof code === "string" ? code : found.code, message: current.message };
    if (typeof code === "string") break;
  }
  return found;
}
