import { readChangeSequence } from "./read-change-sequence.js";
import { setChangeSequence } from "./set-change-sequence.js";

/** One change's place as the earlier Python Hermes plugin kept it, by source token. */
export interface SequenceToImport {
  readonly sourceToken: string;
  readonly change: string;
  /** "default" when the row predates groups or none was given. */
  readonly group: string;
  readonly position: number;
  /** The changes it needs first; empty when none (or the column predates them). */
  readonly dependsOn: readonly string[];
}

/** A group carried into a repository, or why it was not. */
export type ImportedSequence =
  | { source: string; group: string; changes: string[]; written: string[] }
  | { source: string; group: string; skipped: string };

/** A registered source the sequences may belong to: the earlier plugin kept them by source token. */
export type SequenceSource = { token: string; name: string; path: string };

/**
 * Carries the order and dependencies the earlier Python Hermes plugin kept in
 * its database into each change's `.openspec.yaml`, through the same writer as
 * `openspec_change_sequence_set`, so a user who replaces that plugin keeps them.
 * Only what someone declared is carried: a group of its own or a dependency
 * (the plugin also filed every change it saw under "default" by the order it
 * first saw them, which is not a decision anyone made). Archived and missing
 * changes are left out, as done; a group that already has a change sequenced
 * in the repository is left as the repository says, so running the import
 * again writes nothing. A group the writer refuses (a cycle, a change placed
 * before one it needs) is skipped with its reason.
 */
export async function importHermesSequences(
  rows: readonly SequenceToImport[],
  sources: readonly SequenceSource[],
): Promise<ImportedSequence[]> {
  const { listActiveChangeFolders, openRepository } = await import("@org/openspec-artifacts");
  const declared = rows.filter((row) => row.group !== "default" || row.dependsOn.length > 0);
  const groups = new Map<string, SequenceToImport[]>();
  for (const row of declared) {
    const key = JSON.stringify([row.sourceToken, row.group]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const results: ImportedSequence[] = [];
  for (const members of groups.values()) {
    const [first] = members;
    if (first === undefined) continue;
    const source = sources.find((candidate) => candidate.token === first.sourceToken);
    if (source === undefined) continue;
    const skip = (skipped: string) =>
      results.push({ source: source.name, group: first.group, skipped });
    const opened = openRepository(source.path, { searchUpward: false });
    if (!opened.ok) {
      skip(`its folder ${source.path} cannot be opened`);
      continue;
    }
    const repository = opened.repository;
    const active = new Set(listActiveChangeFolders(repository));
    const ordered = [...members]
      .sort((a, b) => a.position - b.position)
      .filter((row) => active.has(row.change));
    if (ordered.length === 0) {
      skip("none of its changes is active any more");
      continue;
    }
    if (ordered.some((row) => readChangeSequence(repository, row.change) !== null)) {
      skip("the repository already records a sequence for its changes");
      continue;
    }
    const set = await setChangeSequence(repository, {
      changes: ordered.map((row) => row.change),
      group: first.group,
      dependsOn: Object.fromEntries(
        ordered.map((row) => [row.change, row.dependsOn.filter((name) => active.has(name))]),
      ),
    });
    if (!set.ok) {
      skip(set.error);
      continue;
    }
    results.push({
      source: source.name,
      group: first.group,
      changes: set.changes.map((change) => change.name),
      written: set.written,
    });
  }
  return results;
}
