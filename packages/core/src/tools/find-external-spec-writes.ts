/**
 * What the pinned OpenSpec CLI (1.13.2) prints on stderr, through Node's
 * `process.emitWarning(..., "OpenSpecExternalSpecWrite")`, when `openspec
 * archive` writes a main spec through a capability folder that is a symlink
 * out of the project: `(node:<pid>) OpenSpecExternalSpecWrite: Capability
 * '<name>' links outside the project; writing to <real folder>`. The CLI
 * supports such links on purpose and still exits 0, so this line is the only
 * sign that a spec was written outside the repository.
 */
const WARNING_TYPE = "OpenSpecExternalSpecWrite";
const WARNING =
  /OpenSpecExternalSpecWrite: Capability '([^'\n]*)' links outside the project; writing to ([^\n]*)/g;

/** A main spec the CLI wrote outside the repository: the capability folder's name and the real folder written to. */
export type ExternalSpecWrite = { capability: string; folder: string | null };

/**
 * Every external spec write the CLI's output reports, once each. A warning of
 * that type in words this build does not know still counts, with what it
 * names left unknown: it must never pass as a clean archive.
 */
export function findExternalSpecWrites(output: string): ExternalSpecWrite[] {
  const found = new Map<string, ExternalSpecWrite>();
  for (const match of output.matchAll(WARNING)) {
    const capability = match[1] ?? "";
    const folder = match[2]?.trim() ?? null;
    found.set(`${capability}\n${folder}`, { capability, folder });
  }
  if (found.size === 0 && output.includes(WARNING_TYPE)) return [{ capability: "", folder: null }];
  return [...found.values()];
}
