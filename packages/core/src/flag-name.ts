/**
 * The long shell flag of an input field, named after it in kebab-case
 * (`deltas_only` becomes `deltas-only`); a boolean `no_x` field becomes the
 * negated `no-x` flag, as commander spells negations. Here, beside the
 * presentation, because both the shell CLI's commands and the shell wording
 * of a fix (`wordFix`) spell flags, and they must spell them alike.
 */
export function flagName(field: string): string {
  return field
    .replace(/_/g, "-")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase();
}
