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
  // An overview (`<source>` or `<source>/`) looks into every change; a lookup only into the one it names.
  let referenceEnd = trimmed.length;
  while (referenceEnd > slash + 1 && trimmed.charCodeAt(referenceEnd - 1) === 0x2f) referenceEnd--;
  const overview = slash === -1 || referenceEnd === slash + 1;
  if (sourceName.length > 0) {
    const source = resolveSource(sourceName);
    if (source.ok) await readListingsAhead(source.path, { overview });
    else if (isToken(sourceName)) {
      for (const known of options.everySource?.() ?? []) {
        await readListingsAhead(known.path, { overview: false });
      }
    }
  }
  return resolveContext(identifier, resolveSource, page, options);
}
