import type { CompleteResult } from "@modelcontextprotocol/server";

/** The most values one completion answer carries, as the MCP specification allows. */
const MAX_VALUES = 100;

/** The candidates that start with the typed text (case-insensitive), sorted, at most 100. */
export function completionValues(candidates: readonly string[], typed: string): CompleteResult {
  const prefix = typed.toLowerCase();
  const matching = [...new Set(candidates)]
    .filter((candidate) => candidate.toLowerCase().startsWith(prefix))
    .sort();
  return {
    completion: {
      values: matching.slice(0, MAX_VALUES),
      total: matching.length,
      hasMore: matching.length > MAX_VALUES,
    },
  };
}
