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
      closeness(wanted, source.displayName.toLowerCase()),
      tokenCloseness(wanted, source.token.toLowerCase()),
    );
    return Number.isFinite(score) ? [{ source, score }] : [];
  });
  return ranked
    .sort((a, b) => a.score - b.score || a.source.displayName.localeCompare(b.source.displayName))
    .slice(0, CLOSEST_NAMED)
    .map((entry) => entry.source);
}

/** 0 for a name that holds the identifier or is held by it, else 1 + edits within the bound, else Infinity. */
function closeness(wanted: string, name: string): number {
  if (wanted.length >= 2 && (name.includes(wanted) || wanted.includes(name))) return 0;
  // One edit for a name of up to three letters (`ap` for `api`), else two or a
  // third of the longer name, whichever is more (`shpo` is two from `ship`).
  const bound =
    wanted.length <= 3 ? 1 : Math.max(2, Math.floor(Math.max(wanted.length, name.length) / 3));
  const edits = editDistance(wanted, name, bound);
  return edits <= bound ? 1 + edits : Number.POSITIVE_INFINITY;
}

/** 0 for a token that starts with the identifier (`os_3f` of `os_3f9a2c`), 2 for one edit away, else Infinity. */
function tokenCloseness(wanted: string, token: string): number {
  if (wanted.length >= 5 && token.startsWith(wanted)) return 0;
  return editDistance(wanted, token, 1) <= 1 ? 2 : Number.POSITIVE_INFINITY;
}

/**
 * Levenshtein distance with adjacent swaps counted as one edit (optimal string
 * alignment), stopping once every path exceeds `bound`. Written here: no
 * package of the workspace offers it (commander's suggestion helper is not
 * exported), and it is a dozen lines.
 */
function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > bound) return bound + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? bound + 1;
}
