import { basename } from "node:path";

/** The case-folded form names are compared in: Unicode-normalized and lower-cased. */
export function foldName(name: string): string {
  return name.normalize("NFC").toLowerCase();
}

/** What a source answers to when resolving: its vanity name, else its basename, folded. */
export function lookupKey(name: string | null, path: string): string {
  return foldName(name ?? basename(path));
}
