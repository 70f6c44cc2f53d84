/**
 * Text the OpenSpec CLI wrote (a next step of `openspec status`, a hint in
 * an error) names its commands as `openspec <command>`; a shell user of
 * openspec-agent has them as `openspec-agent openspec <command>`. This marks
 * each such mention with `{openspec}` (see `FIX_MARK`), so a host words it
 * as its reader runs the CLI, as it words the catalog's own fixes.
 */
export function markOpenSpecCommands(text: string): string {
  return text.replace(/(^|[\s`'"(:])openspec (?=[a-z-])/g, "$1{openspec} ");
}
