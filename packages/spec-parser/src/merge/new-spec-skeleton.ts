import { parseSpec } from "../spec/parse-spec.js";
import { findMainSpecStructureIssues } from "./main-spec-structure.js";

/** The two halves of the Purpose the CLI writes into a spec it creates without one. */
export const PURPOSE_PLACEHOLDER_PREFIX = "TBD - created by archiving change ";
export const PURPOSE_PLACEHOLDER_SUFFIX = ". Update Purpose after archive.";

/** The file the archive starts from when the capability has no main spec yet. */
export function newSpecSkeleton(specId: string, change: string, purpose?: string): string {
  const body =
    purpose?.trim() || `${PURPOSE_PLACEHOLDER_PREFIX}${change}${PURPOSE_PLACEHOLDER_SUFFIX}`;
  return `# ${specId} Specification\n\n## Purpose\n${body}\n\n## Requirements\n`;
}

/**
 * The Purpose a skeleton carrying the delta's Purpose would show, or null when
 * carrying it would leave a spec the readers cannot handle (an HTML comment, a
 * heading or an open fence in it): the archive then writes the placeholder.
 */
export function readableOverview(skeleton: string): string | null {
  if (skeleton.includes("<!--")) return null;
  if (findMainSpecStructureIssues(skeleton).length > 0) return null;
  const parsed = parseSpec(skeleton);
  if (!parsed.ok) return null;
  return parsed.value.purpose.trim() || null;
}
