import { hash } from "node:crypto";
import { createBoundedCache } from "./cache/bounded-cache.js";

/**
 * Tokens are derived, never stored, so identifiers users copied from the
 * earlier Python plugin (`os_` + 6 hex digits of SHA-256) keep resolving.
 */
export const TOKEN_PREFIX = "os_";
export const SHORT_TOKEN_LENGTH = 6;

/** The full SHA-256 hex digest behind a change's token: over its folder name. */
export function changeHash(changeName: string): string {
  return sha256Hex(changeName);
}

/**
 * The full SHA-256 hex digest behind the token of an archived change whose
 * folder name is also an active change folder's: over `archive/<name>`, so the
 * two get different tokens. Every other archived change keeps `changeHash`.
 */
export function shadowedArchivedChangeHash(changeName: string): string {
  return sha256Hex(`archive/${changeName}`);
}

/** The full SHA-256 hex digest behind a spec's token: over `spec:<path under openspec/specs>`. */
export function specHash(specPath: string): string {
  return sha256Hex(`spec:${specPath}`);
}

/** The short token of a change, e.g. `add-dark-mode` gives `os_243ec3`. */
export function changeToken(changeName: string): string {
  return shortToken(changeHash(changeName));
}

/** The short token of a spec file, e.g. `agent-tools/spec.md` gives `os_a59eca`. */
export function specToken(specPath: string): string {
  return shortToken(specHash(specPath));
}

export function shortToken(hash: string, length = SHORT_TOKEN_LENGTH): string {
  return `${TOKEN_PREFIX}${hash.slice(0, length)}`;
}

/** Whether a string has the shape of a token: `os_` and 6 to 64 lowercase hex digits. */
export function isToken(value: string): boolean {
  return /^os_[0-9a-f]{6,64}$/.test(value);
}

// A token lookup hashes every change and spec name; names rarely change, so
// each is hashed once.
const digests = createBoundedCache<string>(100_000);

function sha256Hex(value: string): string {
  const known = digests.get(value);
  if (known !== undefined) return known;
  // The one-shot hash skips the Hash object; a repository's first unique-token
  // table hashes every change and spec name, so this is most of a cold answer.
  const digest = hash("sha256", value, "hex");
  digests.set(value, digest);
  return digest;
}

/** The full SHA-256 hex digest behind an idea's token: over `idea:<slug>`, so it never equals a change's or a spec's. */
export function ideaHash(slug: string): string {
  return sha256Hex(`idea:${slug}`);
}
