import type { CliDelta, CliDeltaOperation } from "./cli-json.js";

/** `- **spec:** description` or `- **spec**: description` */
const PROSE_DELTA = /^\s*-\s*\*\*([^*:]+)(?::\*\*|\*\*:)\s*(.+)$/;

/** The CLI guesses the operation from the wording; renames first, as the most specific. */
function guessOperation(description: string): CliDeltaOperation {
  const text = description.toLowerCase();
  if (/\brename(s|d|ing)?\b/.test(text) || /\brenamed\s+(to|from)\b/.test(text)) return "RENAMED";
  if (
    /\badd(s|ed|ing)?\b/.test(text) ||
    /\bcreate(s|d|ing)?\b/.test(text) ||
    /\bnew\b/.test(text)
  ) {
    return "ADDED";
  }
  if (/\bremove(s|d|ing)?\b/.test(text) || /\bdelete(s|d|ing)?\b/.test(text)) return "REMOVED";
  return "MODIFIED";
}

/**
 * The deltas the CLI reads from a proposal's "What Changes" bullets when no
 * delta spec of the change has a delta section.
 */
export function proseDeltas(whatChanges: string): CliDelta[] {
  const deltas: CliDelta[] = [];
  for (const line of whatChanges.split("\n")) {
    const match = PROSE_DELTA.exec(line);
    if (match === null) continue;
    const description = match[2]!.trim();
    deltas.push({ spec: match[1]!.trim(), operation: guessOperation(description), description });
  }
  return deltas;
}
