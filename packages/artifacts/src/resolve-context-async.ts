import { isToken } from "./artifact-token.js";
import type { RepositoryPageOptions } from "./describe-repository.js";
import { findArtifact } from "./find-artifact.js";
import { findTokenInSources } from "./find-token-in-sources.js";
import { finishInTurns } from "./finish-in-turns.js";
import { openRepository } from "./open-repository.js";
import { readChangeSpecsAhead } from "./read-change-specs-ahead.js";
import { readListingsAhead } from "./read-listings-ahead.js";
import {
  type Context,
  type ContextFailure,
  type ContextOptions,
  contextResolution,
  type SourceResolver,
} from "./resolve-context.js";
import { answerFromScans, type SpecScan } from "./scan-specs.js";

/**
 * `resolveContext` for a server: the folders it lists are read first without
 * holding the event loop (`readListingsAhead`), of the named source, or of
 * every source when the identifier is a bare token that names none; the
 * spec folders are answered from that walk (one stat per folder per call, not
 * one per synchronous read), and a change's files are read 32 files or 1 MiB
 * at a time, a turn of the event loop between (`changeReading`). The answer
 * is `resolveContext`'s, byte for byte, as of the walk.
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
  const reference = referenceOf(trimmed, slash);
  const overview = reference === "";
  const scans = new Map<string, SpecScan>();
  const keep = (read: ReadonlyMap<string, SpecScan>) => {
    for (const [folder, scan] of read) scans.set(folder, scan);
  };
  if (sourceName.length > 0) {
    const source = resolveSource(sourceName);
    if (source.ok) {
      keep(await readListingsAhead(source.path, { overview }));
      const opened = openRepository(source.path, { searchUpward: false });
      if (reference !== "" && opened.ok) {
        // The change's delta specs are read too: its answer lists them.
        const found = answerFromScans(scans, () => findArtifact(opened.repository, reference));
        if (found.ok) keep(await readChangeSpecsAhead(opened.repository, found.artifact));
      }
    } else if (isToken(sourceName)) {
      const sources = options.everySource?.() ?? [];
      for (const known of sources) keep(await readListingsAhead(known.path, { overview: false }));
      const matches = overview
        ? answerFromScans(scans, () => findTokenInSources(sourceName, sources))
        : [];
      const [only] = matches;
      if (only !== undefined && matches.length === 1) {
        keep(await readChangeSpecsAhead(only.repository, only.artifact));
      }
    }
  }
  // The change's files are read a slice at a time, a turn of the event loop between slices;
  // every slice's spec reads are answered from the walk made ahead.
  const reading = contextResolution(identifier, resolveSource, page, options);
  return finishInTurns({ next: () => answerFromScans(scans, () => reading.next()) });
}

/** What follows the source in an identifier, without trailing slashes, as `resolveContext` reads it. */
function referenceOf(trimmed: string, slash: number): string {
  if (slash === -1) return "";
  // A scan, not `/\/+$/`: that regex is quadratic on a long run of slashes.
  let end = trimmed.length;
  while (end > slash + 1 && trimmed.charCodeAt(end - 1) === 0x2f) end--;
  return trimmed.slice(slash + 1, end);
}
