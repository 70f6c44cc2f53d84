import type {
  AccessTokenListResult,
  AccessTokenResult,
  CreateAccessTokenInput,
  CreatedAccessTokenResult,
} from "./access-token.js";
import type { SourceToImport } from "./import-source-row.js";
import type { SourceImportResult } from "./import-sources.js";
import type {
  AddSourceInput,
  SourceListResult,
  SourceResult,
  UpdateSourceChanges,
} from "./registry.js";
import type { RegistryFailure } from "./registry-failure.js";

/**
 * The registry as a host that serves other calls meanwhile uses it, the same
 * on every database: every operation is a promise, so a write waiting for a
 * lock or a read crossing the network never holds the event loop. Made by
 * `connectRegistry`, on the SQLite file or on a PostgreSQL server.
 */
export interface AsyncRegistry {
  /** Which database: `sqlite` (a file on this machine) or `postgres` (a server). */
  readonly kind: "sqlite" | "postgres";
  /** For messages: the file's absolute path, or the server's URL without its password. */
  readonly location: string;
  add(input: AddSourceInput): Promise<SourceResult>;
  /** `identifier` is resolved exactly like {@link AsyncRegistry.resolve}. */
  update(identifier: string, changes: UpdateSourceChanges): Promise<SourceResult>;
  /** Returns the source that was removed. */
  remove(identifier: string): Promise<SourceResult>;
  list(): Promise<SourceListResult>;
  /** Token, then vanity name, then basename of an unnamed source (all ignoring case). */
  resolve(identifier: string): Promise<SourceResult>;
  importSources(rows: readonly SourceToImport[]): Promise<SourceImportResult>;
  createAccessToken(input: CreateAccessTokenInput): Promise<CreatedAccessTokenResult>;
  listAccessTokens(): Promise<AccessTokenListResult>;
  revokeAccessToken(nameOrId: string): Promise<AccessTokenResult>;
  verifyAccessToken(secret: string): Promise<AccessTokenResult>;
  /**
   * A number that changes when another connection commits (SQLite's `data_version`), for a
   * server that polls for revoked tokens without re-reading them; `undefined` when the database
   * cannot tell (PostgreSQL), and the caller reads the tokens instead.
   */
  changeCount(): Promise<number | undefined>;
  /** Whether the database answers now: `{ ok: true }`, or the failure a call would get. */
  ping(): Promise<{ readonly ok: true } | RegistryFailure>;
  /** Ends the connection (a server's pool); calling it twice is harmless. */
  close(): Promise<void>;
}
