const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** A word as a POSIX shell reads it back unchanged: bare when safe, else single-quoted. */
export function quoteShellWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
