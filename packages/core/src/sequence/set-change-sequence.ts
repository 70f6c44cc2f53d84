import type { Repository } from "@org/openspec-artifacts";
import { toolFailure } from "../tool-result.js";
import { fromArtifactFailure } from "../tools/from-artifact-failure.js";
import { archivedChangeNames } from "./archived-change-names.js";
import { type ChangeSequence, GROUP_NAME } from "./change-sequence.js";
import { changesByName } from "./changes-by-name.js";
import { findDependencyCycle } from "./find-dependency-cycle.js";
import { notActiveChange } from "./not-active-change.js";
import { readChangeSequence } from "./read-change-sequence.js";
import { sequenceMetadataText } from "./sequence-metadata-text.js";
import { type SequenceView, sequenceView } from "./sequence-view.js";

export type SequenceRequest = {
  /** The group's changes, in order. */
  changes: string[];
  group: string;
  /** Per change of the group, the changes it needs first. */
  dependsOn: Record<string, string[]>;
};

/**
 * Makes `group` exactly the given changes in the given order, each with the
 * changes it needs first, in each change's `.openspec.yaml`; changes that were
 * in the group and are not named leave it. Everything is checked before the
 * first file is written: every name (or `os_` token) an active change, no change twice, every
 * change needed first placed earlier in the group when it is in it, and no
 * cycle through the dependencies any active change records.
 */
export async function setChangeSequence(repository: Repository, given: SequenceRequest) {
  const request = await changesByName(repository, given);
  if ("code" in request) return request;
  const artifacts = await import("@org/openspec-artifacts");
  if (!GROUP_NAME.test(request.group)) {
    return toolFailure(
      "invalid_input",
      `The group name "${request.group.slice(0, 64)}" is not a plain name.`,
      "Name the group with letters, digits, dots, underscores and hyphens, e.g. rollout.",
    );
  }
  // The check reads every active change's dependencies and the writes change several: one
  // repository-wide hold over both, so a concurrent call never checks against files this one
  // is about to write (two such calls each passed the cycle check and stored a cycle).
  // Read before the hold, without holding the event loop: it only words a refusal.
  const archived = await archivedChangeNames(repository);
  // The changes folder too, so the listing in the hold costs one stat.
  await artifacts.readActiveChangeFoldersAhead(repository);
  const held = await artifacts.holdChangeMetadataLock(repository, (edit) =>
    checkAndWrite(repository, request, archived, artifacts, edit),
  );
  if (!held.ok) return fromArtifactFailure(held);
  if ("code" in held.value) return held.value;
  const { leaving, written } = held.value;
  return {
    ok: true as const,
    group: request.group,
    changes: request.changes.map((name) => ({
      name,
      sequence: sequenceView(repository, name) as SequenceView,
    })),
    removed: leaving,
    written,
  };
}

/**
 * Everything `setChangeSequence` checks and writes, run while the repository's
 * metadata lock is held: what it reads (every active change's recorded
 * dependencies) cannot change until its writes are done.
 */
function checkAndWrite(
  repository: Repository,
  request: SequenceRequest,
  archived: ReadonlySet<string>,
  artifacts: typeof import("@org/openspec-artifacts"),
  edit: Parameters<
    Parameters<typeof import("@org/openspec-artifacts").holdChangeMetadataLock>[1]
  >[0],
) {
  const active = new Set(artifacts.listActiveChangeFolders(repository));
  const position = new Map<string, number>();
  for (const name of request.changes) {
    if (position.has(name)) {
      return toolFailure(
        "invalid_input",
        `"${name}" is named twice in changes.`,
        "Name each change once, in the order they go.",
      );
    }
    const missing = notActiveChange(repository, active, archived, name);
    if (missing) return missing;
    position.set(name, position.size + 1);
  }
  for (const [name, needs] of Object.entries(request.dependsOn)) {
    if (!position.has(name)) {
      return toolFailure(
        "invalid_input",
        `depends_on names "${name}", which is not in changes.`,
        `Add "${name}" to changes, or set its dependencies in its own group's call.`,
      );
    }
    for (const need of needs) {
      const missing = notActiveChange(repository, active, archived, need);
      if (missing) return missing;
    }
  }
  // Every active change's recorded dependencies, with this call's in place of the group's.
  const recorded = new Map<string, ChangeSequence>();
  for (const name of active) {
    const sequence = readChangeSequence(repository, name);
    if (sequence !== null) recorded.set(name, sequence);
  }
  const needs = new Map<string, string[]>();
  for (const [name, sequence] of recorded) {
    if (!position.has(name)) needs.set(name, sequence.depends_on);
  }
  for (const name of request.changes) needs.set(name, unique(request.dependsOn[name] ?? []));
  const cycle = findDependencyCycle(needs);
  if (cycle !== null) {
    return toolFailure(
      "dependency_cycle",
      `These changes would need each other first: ${cycle.join(" → ")}.`,
      `Drop one of these dependencies: ${cycle.join(" → ")}.`,
      { cycle },
    );
  }
  for (const name of request.changes) {
    for (const need of needs.get(name) ?? []) {
      const at = position.get(need);
      if (at !== undefined && at > (position.get(name) as number)) {
        return toolFailure(
          "invalid_input",
          `"${name}" needs "${need}" first, but "${need}" comes after it in changes.`,
          `Put "${need}" before "${name}" in changes.`,
        );
      }
    }
  }
  const leaving = [...recorded]
    .filter(([name, sequence]) => sequence.group === request.group && !position.has(name))
    .map(([name]) => name)
    .sort();
  const fresh = artifacts.changeMetadata(repository, null).text;
  const written: string[] = [];
  const edits: [string, ChangeSequence | null][] = [
    ...request.changes.map((name): [string, ChangeSequence] => [
      name,
      {
        group: request.group,
        position: position.get(name) as number,
        depends_on: needs.get(name) ?? [],
      },
    ]),
    ...leaving.map((name): [string, null] => [name, null]),
  ];
  for (const [name, sequence] of edits) {
    const edited = edit(repository, name, (current) =>
      sequenceMetadataText(current, sequence, fresh, `openspec/changes/${name}/.openspec.yaml`),
    );
    if (!edited.ok) {
      const failure = fromArtifactFailure(edited);
      return written.length === 0 ? failure : { ...failure, written };
    }
    if (edited.changed) written.push(edited.path);
  }
  return { leaving, written };
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
