/** Where every copy of this package loaded in the process notes itself; shared through the global symbol registry. */
const COPIES = Symbol.for("@org/openspec-core: loaded copies");

/** What a second copy warns with, so a test or a log can look for it. */
export const TWO_CORES_WARNING = "OPENSPEC_AGENT_TWO_CORES";

/**
 * Notes that the copy of core at `moduleUrl` has loaded, and warns when
 * another copy already has. The libraries under core keep state for the whole
 * process (the warm OpenSpec workers, the CLI runs a signal must end, the
 * shared folder watches); a process holding two copies (a bundle that holds
 * core and a host loaded from node_modules with its own) keeps two sets, each
 * unseen by the other's users, and builds the tool definitions twice. Returns
 * the copies loaded so far.
 */
export function noteCoreCopy(moduleUrl: string): readonly string[] {
  const holder = globalThis as { [COPIES]?: string[] };
  holder[COPIES] ??= [];
  const copies = holder[COPIES];
  if (!copies.includes(moduleUrl)) copies.push(moduleUrl);
  if (copies.length === 2) {
    process.emitWarning(
      `Two copies of @org/openspec-core are loaded in this process: ${copies.join(" and ")}. Install openspec-agent's packages from one release, so that every one uses the same core.`,
      { code: TWO_CORES_WARNING },
    );
  }
  return copies;
}
