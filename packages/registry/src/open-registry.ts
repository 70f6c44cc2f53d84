import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import { connectRegistryFile } from "./connect-registry-file.js";
import { createRegistry } from "./create-registry.js";
import { unreadableRegistry } from "./database-failure.js";
import { defaultRegistryPath } from "./default-registry-path.js";
import { expandHome } from "./expand-home.js";
import { unreachableRegistry } from "./postgres-failure.js";
import { isPostgresUrl, redactPostgresUrl } from "./postgres-url.js";
import type { Registry } from "./registry.js";
import { BUSY_TIMEOUT_MS } from "./registry-database.js";
import type { RegistryFailure } from "./registry-failure.js";

export interface OpenRegistryOptions {
  /** The SQLite file; defaults to {@link defaultRegistryPath}. `~` and relative paths work. */
  readonly path?: string;
  /** Environment to read `OPENSPEC_AGENT_DB` and `XDG_DATA_HOME` from; defaults to `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Home directory for `~` in the file path and in source paths; defaults to `os.homedir()`. */
  readonly home?: string;
  /** Base for relative file and source paths; defaults to `process.cwd()`. */
  readonly cwd?: string;
  /**
   * How long a write waits for another process's write lock while no other write finishes,
   * before it answers `registry_busy`; defaults to 10 s. A lock that keeps moving (other
   * writes finishing) is waited for again, up to two minutes in all.
   */
  readonly busyTimeoutMs?: number;
}

export type OpenRegistryResult =
  | { readonly ok: true; readonly registry: Registry }
  | RegistryFailure;

/**
 * Opens (creating when missing) the registry file and upgrades it to the
 * current schema. Cheap enough to call per request; the handle can also stay
 * open, since every read sees what other processes committed.
 */
export function openRegistry(options: OpenRegistryOptions = {}): OpenRegistryResult {
  const home = options.home ?? homedir();
  const cwd = options.cwd ?? process.cwd();
  const requested = options.path ?? defaultRegistryPath({ env: options.env ?? process.env, home });
  if (isPostgresUrl(requested)) {
    return unreachableRegistry(
      redactPostgresUrl(requested),
      "a PostgreSQL registry is reached through connectRegistry, which this caller does not use",
    );
  }
  const file = resolve(cwd, expandHome(requested, home));
  try {
    // Folders made here are this user's only (0700); one that exists keeps its mode.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  } catch (error) {
    return unreadableRegistry(file, `its directory cannot be created: ${String(error)}`);
  }
  const asked = options.busyTimeoutMs;
  const busyTimeoutMs =
    asked !== undefined && Number.isFinite(asked)
      ? Math.max(0, Math.round(asked))
      : BUSY_TIMEOUT_MS;
  const connected = connectRegistryFile(file, busyTimeoutMs);
  if (!connected.ok) return connected;
  return {
    ok: true,
    registry: createRegistry({
      db: connected.db,
      file,
      paths: { home, cwd },
      readOnly: connected.readOnly,
      busyTimeoutMs,
    }),
  };
}
