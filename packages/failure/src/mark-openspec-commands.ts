/**
 * Text the OpenSpec CLI wrote (a next step of `openspec status`, the advice
 * in an error) names its commands as `openspec <command>`; a shell user of
 * openspec-agent has them as `openspec-agent openspec <command>`. This marks
 * each such mention with `{openspec}` (the catalog's fix mark, see
 * `FIX_MARK` in `@org/openspec-core`), so each host words it as its reader
 * runs the CLI.
 */
export function markOpenSpecCommands(text: string): string {
  return text.replace(/(^|[\s`'"(:])openspec (?=[a-z-])/g, "$1{openspec} ");
}
