import type { Source } from "@org/openspec-registry";
import type { CatalogContext } from "./catalog-context.js";
import { listProcessSources, type ProcessSource } from "./process-sources.js";
import { sourceCandidate, sourceFailure, sourceFix } from "./source-failure.js";
import { type ToolFailure, toolFailure } from "./tool-result.js";

/** A source a call named: registered, or known to this process only. */
export type NamedSource = {
  ok: true;
  source: { displayName: string; path: string; token: string; registered: boolean };
};

/**
 * Resolves a `source` argument: the registry first, as always; then, if the
 * catalog has process sources, those, by token or basename (ignoring case). A
 * registered source named by its token is taken as it is; a name that a
 * registered source and a process source both answer to is ambiguous, as two
 * registered sources sharing a basename are, never a pick.
 */
export async function resolveSource(
  context: CatalogContext,
  name: string,
): Promise<NamedSource | ToolFailure> {
  const registry = await context.registry();
  if (!registry.ok) return registry;
  const resolved = await registry.registry.resolve(name);
  if (
    context.processFolders.length === 0 ||
    (resolved.ok && resolved.source.token === lower(name))
  ) {
    return resolved.ok ? registeredSource(resolved.source) : sourceFailure(resolved);
  }
  if (!resolved.ok && resolved.code !== "source_not_found") return sourceFailure(resolved);
  const listed = await listProcessSources(context);
  if (!Array.isArray(listed)) return listed;
  const key = fold(name);
  const byToken = listed.filter((source) => source.token === lower(name));
  const matches = byToken.length > 0 ? byToken : listed.filter((s) => fold(s.displayName) === key);
  if (resolved.ok) {
    return matches.length === 0
      ? registeredSource(resolved.source)
      : ambiguous(name, [sourceCandidate(resolved.source), ...matches.map(processCandidate)]);
  }
  const [only, ...others] = matches;
  if (only === undefined) return sourceFailure(resolved);
  if (others.length > 0) return ambiguous(name, matches.map(processCandidate));
  return { ok: true, source: { ...only, registered: false } };
}

function registeredSource(source: Source): NamedSource {
  const { displayName, path, token } = source;
  return { ok: true, source: { displayName, path, token, registered: true } };
}

type Candidate = { token: string; name: string | null; display_name: string; path: string };

function processCandidate(source: ProcessSource): Candidate {
  return { token: source.token, name: null, display_name: source.displayName, path: source.path };
}

function ambiguous(name: string, candidates: Candidate[]): ToolFailure {
  const listed = candidates.map((candidate) => `${candidate.token} at ${candidate.path}`);
  return toolFailure(
    "ambiguous_source",
    `${JSON.stringify(name)} matches ${candidates.length} sources (${listed.join(", ")}); use a token or give the registered one a vanity name.`,
    sourceFix("ambiguous_source"),
    { candidates },
  );
}

const lower = (text: string) => text.toLowerCase();
// The registry's own folding (Unicode-normalized, lower-cased), so both sides compare alike.
const fold = (text: string) => text.normalize("NFC").toLowerCase();
