import { isLineTerminator, skipWhitespace } from "../lines/whitespace.js";
import type { CliDelta, CliDeltaOperation } from "./cli-json.js";

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
    const match = readProseDelta(line);
    if (match === null) continue;
    const description = match.description.trim();
    deltas.push({ spec: match.spec.trim(), operation: guessOperation(description), description });
  }
  return deltas;
}

/**
 * `- **spec:** description` or `- **spec**: description`, read as the CLI's
 * `/^\s*-\s*\*\*([^*:]+)(?::\*\*|\*\*:)\s*(.+)$/` reads it. That regex
 * backtracks quadratically on a long run of spaces before a line separator;
 * this scan gives the same captures in linear time.
 */
export function readProseDelta(line: string): { spec: string; description: string } | null {
  let index = skipWhitespace(line, 0);
  if (line.charCodeAt(index) !== 0x2d) return null;
  index = skipWhitespace(line, index + 1);
  if (!line.startsWith("**", index)) return null;
  const nameStart = index + 2;
  let nameEnd = nameStart;
  while (nameEnd < line.length && line[nameEnd] !== "*" && line[nameEnd] !== ":") nameEnd++;
  if (nameEnd === nameStart) return null;
  if (!line.startsWith(":**", nameEnd) && !line.startsWith("**:", nameEnd)) return null;
  const rest = nameEnd + 3;
  // `\s*(.+)$`: the captured tail must hold no line terminator and at least one character.
  let lastTerminator = rest - 1;
  for (let at = line.length - 1; at >= rest; at--) {
    if (isLineTerminator(line.charCodeAt(at))) {
      lastTerminator = at;
      break;
    }
  }
  const textStart = skipWhitespace(line, rest);
  if (textStart < line.length) {
    return lastTerminator < textStart
      ? { spec: line.slice(nameStart, nameEnd), description: line.slice(textStart) }
      : null;
  }
  // Only whitespace follows: the greedy `\s*` gives back the last character to `.+`.
  return lastTerminator < line.length - 1
    ? { spec: line.slice(nameStart, nameEnd), description: line.slice(line.length - 1) }
    : null;
}
