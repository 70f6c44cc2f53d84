import { skipWhitespace } from "../lines/whitespace.js";
import { readRequirementReference } from "./requirement-header.js";

function isBulletMarker(code: number): boolean {
  return code === 0x2d || code === 0x2a || code === 0x2b;
}

/** `- ### Requirement: Name` (or `*`, `+`, with optional backticks) in a REMOVED section. */
export function readRemovedBullet(line: string): string | null {
  const marker = skipWhitespace(line, 0);
  if (!isBulletMarker(line.charCodeAt(marker))) return null;
  return readRequirementReference(line, skipWhitespace(line, marker + 1));
}

export type RenameLine = { side: "FROM" | "TO"; name: string };

/** `- FROM: \`### Requirement: Old\`` or `- TO: ...`; the bullet is optional. */
export function readRenameLine(line: string): RenameLine | null {
  let index = skipWhitespace(line, 0);
  if (isBulletMarker(line.charCodeAt(index))) index = skipWhitespace(line, index + 1);
  const side = line.startsWith("FROM:", index)
    ? "FROM"
    : line.startsWith("TO:", index)
      ? "TO"
      : null;
  if (side === null) return null;
  const name = readRequirementReference(line, skipWhitespace(line, index + side.length + 1));
  return name === null ? null : { side, name };
}
