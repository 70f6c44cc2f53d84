import type { Sandbox } from "./sandbox.js";

/**
 * Keys whose values differ between any two runs: times and durations, and
 * whether a CLI answer came from an earlier run of the same question
 * (`cached`, `computed_at`), which is otherwise the same answer.
 */
const VOLATILE_KEYS = new Set([
  "duration_ms",
  "cached",
  "computed_at",
  "durationMs",
  "created_at",
  "generated_at",
  "updated_at",
  "lastModified",
  "last_modified",
]);

/**
 * A result with everything that legitimately differs between hosts replaced:
 * each host's own temporary paths, the random source tokens its registry
 * made, and times. What is left must be identical through every host.
 */
export function normalizeResult(
  result: unknown,
  sandbox: Sandbox,
  sourceTokens: readonly string[],
): unknown {
  let text = JSON.stringify(result);
  for (const [path, label] of [
    [sandbox.shop, "<shop>"],
    [sandbox.fresh, "<fresh>"],
    [sandbox.broken, "<broken>"],
    [sandbox.collide, "<collide>"],
    [sandbox.home, "<home>"],
  ] as const) {
    text = text.split(path).join(label);
  }
  sourceTokens.forEach((token, index) => {
    text = text.split(token).join(`<source-token-${index}>`);
  });
  return dropVolatile(JSON.parse(text));
}

function dropVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropVolatile);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !VOLATILE_KEYS.has(key))
      .map(([key, inner]) => [key, dropVolatile(inner)]),
  );
}

/** The tokens of the sources a result registered, in the order they appear. */
export function sourceTokensOf(result: unknown): string[] {
  if (typeof result === "object" && result !== null && "added" in result) {
    // openspec_source_import: `added: [{ token }]` (null in a dry run).
    return Array.isArray(result.added)
      ? result.added.flatMap((entry: unknown) =>
          typeof entry === "object" &&
          entry !== null &&
          "token" in entry &&
          typeof entry.token === "string"
            ? [entry.token]
            : [],
        )
      : [];
  }
  if (typeof result !== "object" || result === null || !("source" in result)) return [];
  const source = result.source;
  return typeof source === "object" &&
    source !== null &&
    "token" in source &&
    typeof source.token === "string"
    ? [source.token]
    : [];
}
