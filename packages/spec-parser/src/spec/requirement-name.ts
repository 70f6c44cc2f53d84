const REQUIREMENT_PREFIX = /^requirement:\s*/i;
const SCENARIO_PREFIX = /^scenario:\s*/i;

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * Drops an ATX closing sequence (`Foo ###` reads as `Foo`) and trims. Only a
 * `#` run preceded by a space or tab closes a heading, so `C#` keeps its `#`.
 * Written as a scan, not a regex, so a long run of spaces costs linear time.
 */
export function stripClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && isSpaceOrTab(text.charCodeAt(end - 1))) end--;
  let hashes = end;
  while (hashes > 0 && text.charCodeAt(hashes - 1) === 0x23) hashes--;
  if (hashes === end || hashes === 0 || !isSpaceOrTab(text.charCodeAt(hashes - 1))) {
    return text.trim();
  }
  let spaceStart = hashes - 1;
  while (spaceStart > 0 && isSpaceOrTab(text.charCodeAt(spaceStart - 1))) spaceStart--;
  return text.slice(0, spaceStart).trim();
}

/** `Requirement: Login ###` reads as `Login`; a heading without the prefix keeps its text. */
export function requirementName(heading: string): string {
  return stripClosingHashes(heading.replace(REQUIREMENT_PREFIX, ""));
}

/** `Scenario: Valid login` reads as `Valid login`. */
export function scenarioName(heading: string): string {
  return stripClosingHashes(heading).replace(SCENARIO_PREFIX, "").trim();
}

/** Whether a heading carries the `Requirement:` prefix. */
export function hasRequirementPrefix(heading: string): boolean {
  return REQUIREMENT_PREFIX.test(heading);
}
