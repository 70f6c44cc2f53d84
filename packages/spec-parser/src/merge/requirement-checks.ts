import { fenceFlags } from "./merge-lines.js";

const HEADING = /^#{1,6}\s/;
const SCENARIO = /^####\s/;
const SCENARIO_END = /^#{1,4}\s/;

/** The lines under a block's heading, as the validator reads them. */
function bodyLines(raw: string): string[] {
  return raw.split("\n").slice(1);
}

const METADATA_LINE = /^\*\*[^*]+\*\*:/;

/**
 * The statement the validator looks for SHALL or MUST in: body lines up to the
 * first heading outside a fence, trimmed, blank lines and `**Key**:` lines left
 * out (unless they are all there is); "" when the block has none. Unlike the
 * spec reader, the first line keeps its indent, so `    # x` is text here.
 */
export function blockStatement(raw: string): string {
  const lines = bodyLines(raw);
  const fenced = fenceFlags(lines);
  const captured: string[] = [];
  const metadata: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (fenced[index]) continue;
    const line = lines[index]!;
    if (HEADING.test(line)) break;
    const trimmed = line.trim();
    if (trimmed.length === 0) continue;
    if (METADATA_LINE.test(trimmed)) metadata.push(trimmed);
    else captured.push(trimmed);
  }
  return captured.length > 0 ? captured.join("\n") : metadata.join("\n");
}

/** Scenario bodies: each `#### ` heading outside a fence, to the next heading of level 4 or above. */
function scenarioBodies(raw: string): string[] {
  const lines = bodyLines(raw);
  const fenced = fenceFlags(lines);
  const bodies: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (fenced[index] || !SCENARIO.test(lines[index]!)) continue;
    let end = index + 1;
    while (end < lines.length && (fenced[end] || !SCENARIO_END.test(lines[end]!))) end++;
    bodies.push(lines.slice(index + 1, end).join("\n"));
  }
  return bodies;
}

/** Scenarios with a body: a bare `#### Scenario:` heading is not one. */
export function countScenarios(raw: string): number {
  return scenarioBodies(raw).filter((body) => body.trim().length > 0).length;
}

export function countEmptyScenarios(raw: string): number {
  return scenarioBodies(raw).filter((body) => body.trim().length === 0).length;
}

export function containsShallOrMust(text: string): boolean {
  return /\b(SHALL|MUST)\b/.test(text);
}
