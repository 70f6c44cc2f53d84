// C0 and C1 controls and the bidirectional formatting characters that can
// reorder what a terminal shows; newline and tab stay, multi-line markdown needs them.
const UNSAFE = /[\p{Cc}\p{Bidi_Control}]/gu;
const KEPT = new Set(["\n", "\t"]);

/**
 * Text made safe to print: every control character becomes visible as `\xNN`
 * or `\u{NNNN}`, so a folder or spec name cannot send escape sequences to the
 * terminal. `--json` output is never passed through this.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(UNSAFE, (character) => {
    if (KEPT.has(character)) return character;
    const code = character.codePointAt(0) ?? 0;
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
  });
}

/** A value with every string in it (keys too) escaped as by `escapeControlCharacters`. */
export function escapeControlCharactersDeep<T>(value: T): T {
  return escapeValue(value) as T;
}

function escapeValue(value: unknown): unknown {
  if (typeof value === "string") return escapeControlCharacters(value);
  if (Array.isArray(value)) return value.map(escapeValue);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [escapeControlCharacters(key), escapeValue(entry)]),
  );
}
