import { parse } from "yaml";

/**
 * The top-level mapping of a YAML text, or null when it is not YAML the
 * parser accepts (the one the CLI uses) or holds anything but a mapping.
 */
export function yamlMapping(text: string): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  return parsed as Record<string, unknown>;
}
