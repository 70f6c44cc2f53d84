import type { RegistryFailure } from "./registry-failure.js";

/** A bearer token for the MCP server over HTTP, as listed: never the secret itself. */
export interface AccessToken {
  /** Row number; `tokens revoke` accepts it as well as the name. */
  readonly id: number;
  /** Unique label chosen when the token was made, e.g. `ci`. */
  readonly name: string;
  /** The bearer may list and call only the tools that change nothing. */
  readonly readOnly: boolean;
  /** ISO 8601 UTC. */
  readonly createdAt: string;
  /** When a request last carried it (ISO 8601 UTC, at most a minute stale), or `null`. */
  readonly lastUsedAt: string | null;
}

export interface CreateAccessTokenInput {
  readonly name: string;
  readonly readOnly?: boolean;
}

/** A token just made: `secret` is shown this once and stored only as a hash. */
export type CreatedAccessTokenResult =
  | { readonly ok: true; readonly token: AccessToken; readonly secret: string }
  | RegistryFailure;

export type AccessTokenResult =
  | { readonly ok: true; readonly token: AccessToken }
  | RegistryFailure;

export type AccessTokenListResult =
  | { readonly ok: true; readonly tokens: readonly AccessToken[] }
  | RegistryFailure;
