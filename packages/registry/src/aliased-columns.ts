/**
 * `column AS key, ...` for a select list or a RETURNING clause, so rows come
 * back keyed as drizzle types them. src/schema.ts names each column as its key
 * in snake case (`lookupKey` is `lookup_key`), which a test holds it to.
 */
export function aliasedColumns(keys: readonly string[]): string {
  return keys
    .map((key) => `${key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)} AS ${key}`)
    .join(", ");
}
