import { editDistance, nameCloseness } from "@org/openspec-failure";
import type { Source } from "./source.js";

/** The most sources a `source_not_found` names; the rest are one `openspec_source_list` away. */
export const CLOSEST_NAMED = 5;

/**
 * The registered sources whose name is closest to an identifier that named
 * none, best first, at most `CLOSEST_NAMED`: one whose name starts with, ends
 * with or holds the identifier (or the other way round), then one within a few
 * edits of it (a typo: `shpo` for `shop`), ranked by edits; sources neither
 * close nor holding it are left out, so a registry of hundreds never reads as
 * a list. Names are compared ignoring case, and so are tokens. A token is
 * random, so it is close only to its own start or to itself with one
 * character mistyped: any looser and a token typed wrong would name some
 * other source's token by chance.
 */
export function closestSources(identifier: string, sources: readonly Source[]): Source[] {
  const wanted = identifier.toLowerCase();
  const ranked = sources.flatMap((source) => {
    const score = Math.min(
      nameCloseness(wanted, source.displayName.toLowerCase()),
      tokenCloseness(wanted, source.token.toLowerCase()),
    );
    return Number.isFinite(score) ? [{ source, score }] : [];
  });
  return ranked
    .sort((a, b) => a.score - b.score || a.source.displayName.localeCompare(b.source.displayName))
    .slice(0, CLOSEST_NAMED)
    .map((entry) => entry.source);
}

/** 0 for a token that starts with the identifier (`os_3f` of `os_3f9a2c`), 2 for one edit away, else Infinity. */
function tokenCloseness(wanted: string, token: string): number {
  if (wanted.length >= 5 && token.startsWith(wanted)) return 0;
  return editDistance(wanted, token, 1) <= 1 ? 2 : Number.POSITIVE_INFINITY;
}
