import type { AccessToken } from "./access-token.js";
import type { AccessTokenRow } from "./schema.js";

/** Every secret starts with this, so a leaked one is recognisable in logs and secret scanners. */
export const ACCESS_TOKEN_PREFIX = "osk_";

const SECRET_PATTERN = /^osk_[A-Za-z0-9_-]{43}$/;

// node:crypto is taken with the first token made or checked, not loaded with the registry: a
// host that never touches a token (an MCP server over stdio) does not load it at start.
const nodeCrypto = () => process.getBuiltinModule("node:crypto");

/** 32 random bytes, base64url, behind the prefix. */
export function newAccessTokenSecret(): string {
  return `${ACCESS_TOKEN_PREFIX}${nodeCrypto().randomBytes(32).toString("base64url")}`;
}

/** Whether `secret` has the shape of a token at all; a cheap refusal before any lookup. */
export function looksLikeAccessTokenSecret(secret: string): boolean {
  return SECRET_PATTERN.test(secret);
}

/** SHA-256, hex: a 256-bit random secret needs no salt or slow hash. */
export function hashAccessTokenSecret(secret: string): string {
  return nodeCrypto().createHash("sha256").update(secret).digest("hex");
}

export function toAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    readOnly: row.readOnly,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
  };
}
