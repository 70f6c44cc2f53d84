/** Any value JSON can carry. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A JSON document as the CLI prints it in `--json` mode: an object or an array. */
export type JsonDocument = JsonValue[] | { [key: string]: JsonValue };

/**
 * Parses `text` as one JSON document. Returns `undefined` when the text is not
 * an object or array, so a bare number or string that happens to be valid JSON
 * stays text (the CLI never prints scalars as its `--json` document).
 */
export function parseCliJson(text: string): JsonDocument | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return undefined;
  try {
    // JSON.parse only ever yields JSON values; the start check makes it a document.
    return JSON.parse(trimmed) as JsonDocument;
  } catch {
    return undefined;
  }
}
