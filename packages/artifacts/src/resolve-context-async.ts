import { isToken } from "./artifact-token.js";
import type { RepositoryPageOptions } from "./describe-repository.js";
import { readListingsAhead } from "./read-listings-ahead.js";
import {
  type Context,
  type ContextFailure,
  type ContextOptions,
  resolveContext,
  type SourceResolver,
} from "./resolve-context.js";

/**
 * `resolveContext` for a server: the folders it lists are read first without
 * holding the event loop (`readListingsAhead`), of the named source, or of
 * every source when the identifier is a bare token that names none. The
 * answer is `resolveContext`'s, byte for byte.
 */
export async function resolveContextAsync<Code extends string = string>(
  identifier: string,
  resolveSource: SourceResolver<Code>,
  page: RepositoryPageOptions = {},
  options: ContextOptions = {},
): Promise<Context | ContextFailure<Code>> {
  const trimmed = identifier.trim();
  const slash = trimmed.indexOf("/");
  const sourceName = slash === -1 ? trimmed : trimmed.slice(0, slash);
  if (sourceName.length > 0) {
    const source = resolveSource(sourceName);
    if (source.ok) await readListingsAhead(source.path);
    else if (isToken(sourceName)) {
      for (const known of options.everySource?.() ?? []) await readListingsAhead(known.path);
    }
  }
  return resolveContext(identifier, resolveSource, page, options);
}
