/**
 * `os_` and a hex digit: the start of every token. A name or folder name that
 * starts this way could spell another source's token.
 */
export function looksLikeToken(text: string): boolean {
  return /^os_[0-9a-f]/i.test(text);
}

/**
 * The invisible and bidirectional format characters (Unicode category Cf,
 * e.g. U+200B, U+202E, U+FEFF) in `text`, as `U+XXXX`: with them two
 * different names can look identical, or read backwards.
 */
export function invisibleCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const character of text.matchAll(/\p{Cf}/gu)) {
    const codePoint = character[0].codePointAt(0) ?? 0;
    found.add(`U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`);
  }
  return [...found];
}
