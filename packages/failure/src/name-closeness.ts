import { editDistance } from "./edit-distance.js";

/**
 * How close a name is to an identifier that named nothing, both lower-cased:
 * 0 for a name that holds the identifier or is held by it, else 1 + edits
 * within the bound (a typo: `shpo` for `shop`), else Infinity. The registry
 * ranks sources by it and the artifacts rank changes, so both suggest alike.
 */
export function nameCloseness(wanted: string, name: string): number {
  if (wanted.length >= 2 && (name.includes(wanted) || wanted.includes(name))) return 0;
  // One edit for a name of up to three letters (`ap` for `api`), else two or a
  // third of the longer name, whichever is more (`shpo` is two from `ship`).
  const bound =
    wanted.length <= 3 ? 1 : Math.max(2, Math.floor(Math.max(wanted.length, name.length) / 3));
  const edits = editDistance(wanted, name, bound);
  return edits <= bound ? 1 + edits : Number.POSITIVE_INFINITY;
}
