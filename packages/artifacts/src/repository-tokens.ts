import { existsSync } from "node:fs";
import { setImmediate } from "node:timers/promises";
import {
  changeHash,
  ideaHash,
  SHORT_TOKEN_LENGTH,
  shadowedArchivedChangeHash,
  shortToken,
  specHash,
} from "./artifact-token.js";
import { createBoundedCache } from "./cache/bounded-cache.js";
import type { Repository } from "./open-repository.js";
import {
  asChange,
  type ChangeCandidate,
  type ChangeEntry,
  changeCandidates,
} from "./scan-changes.js";
import { type IdeaFile, scanIdeas } from "./scan-ideas.js";
import type { SpecEntry, SpecFile } from "./scan-specs.js";

/** An idea with the full SHA-256 behind its token. */
export type IdeaEntry = IdeaFile & { hash: string };

/** The tokens of one repository, as every answer hands them out. */
export type RepositoryTokens = {
  /**
   * The hash behind a change's token: over its folder name, or for an archived
   * change whose name is also an active change folder's, over `archive/<name>`.
   */
  changeHash(name: string, archived: boolean): string;
  /**
   * The shortest token (six digits at least) that no other change or spec of
   * the repository shares, active and archived alike, so every token handed
   * out resolves to its own artifact. A bare change folder (neither
   * `proposal.md` nor `.openspec.yaml`) is told apart from every artifact,
   * but no other artifact's token grows to be told apart from it: the tokens
   * handed out before such folders counted as changes stay as they were.
   */
  tokenOf(hash: string): string;
  /**
   * The changes, specs and ideas whose hash starts with `digits` (six or
   * more hex digits), in listing order: found through the index, so a lookup
   * hashes nothing and checks only the matching folders for being changes.
   */
  startingWith(digits: string): { changes: ChangeEntry[]; specs: SpecEntry[]; ideas: IdeaEntry[] };
};

/** A change folder, spec file or idea, filed under the first six digits of its hash. */
type Member = {
  hash: string;
  candidate: ChangeCandidate | null;
  archived: boolean;
  spec: SpecFile | null;
  idea?: IdeaFile;
};
type PrefixIndex = Map<number, Member[]>;

/**
 * The token table of a repository whose baseline specs are `specs` (the walk
 * the caller made anyway). Collisions are looked for among every candidate
 * folder and spec file; the few candidates that share a six-digit prefix are
 * then checked for being changes at all. The per-folder indexes are kept
 * while the listings they came from are unchanged, so a warm call hashes
 * nothing and builds nothing.
 */
export function repositoryTokens(repository: Repository, specs: SpecFile[]): RepositoryTokens {
  return tokensOf(repository, runAtOnce(buildingIndexes(repository, specs)));
}

/**
 * Builds the token table `repositoryTokens` answers from, a turn of the
 * event loop every `MEMBERS_PER_TURN` artifacts hashed: the first table of a
 * repository of 100,000 changes is a third of a second of hashing, which a
 * server's other callers must not wait for. The table is kept as
 * `repositoryTokens` keeps it, so the next call with the same listings
 * builds nothing.
 */
export async function readRepositoryTokensAhead(
  repository: Repository,
  specs: SpecFile[],
): Promise<void> {
  await runInTurns(buildingIndexes(repository, specs));
}

/** Artifacts hashed and filed between two turns of the event loop. */
const MEMBERS_PER_TURN = 2048;

type Building<T> = Generator<void, T, void>;

function runAtOnce<T>(steps: Building<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

async function runInTurns<T>(steps: Building<T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await setImmediate();
  }
}

type Indexes = { activeNames: ReadonlySet<string>; indexes: PrefixIndex[] };

/** The indexes of every kind of artifact, stopping every `MEMBERS_PER_TURN` to let a caller give the event loop a turn. */
function* buildingIndexes(repository: Repository, specs: SpecFile[]): Building<Indexes> {
  const active = changeCandidates(repository, false);
  const archived = changeCandidates(repository, true);
  const activeNames = yield* namesOf(active);
  const indexes = [
    yield* activeIndex(active),
    yield* archivedIndex(archived, active, activeNames),
    yield* specIndex(repository, specs),
    yield* ideaIndex(scanIdeas(repository)),
  ];
  return { activeNames, indexes };
}

function tokensOf(repository: Repository, { activeNames, indexes }: Indexes): RepositoryTokens {
  return {
    changeHash: (name, isArchived) =>
      isArchived ? archivedHash(name, activeNames) : changeHash(name),
    tokenOf(hash) {
      const prefix = prefixOf(hash);
      let sharing = 0;
      for (const index of indexes) sharing += index.get(prefix)?.length ?? 0;
      if (sharing <= 1) return shortToken(hash);
      const sharers = indexes.flatMap((index) => index.get(prefix) ?? []);
      const owner = sharers.find((member) => member.hash === hash);
      const ownerIsBare = owner !== undefined && standingOf(repository, owner) === "bare";
      const others = sharers
        .filter((member) => {
          if (member.hash === hash) return false;
          const standing = standingOf(repository, member);
          return standing === "kept" || (standing === "bare" && ownerIsBare);
        })
        .map((member) => member.hash);
      return shortToken(hash, distinguishingLength(hash, others));
    },
    startingWith(digits) {
      const changes: ChangeEntry[] = [];
      const specs: SpecEntry[] = [];
      const ideas: IdeaEntry[] = [];
      const prefix = prefixOf(digits);
      for (const index of indexes) {
        for (const member of index.get(prefix) ?? []) {
          if (!member.hash.startsWith(digits)) continue;
          if (member.idea !== undefined) {
            ideas.push({ ...member.idea, hash: member.hash });
          } else if (member.spec !== null) {
            specs.push({ ...member.spec, hash: member.hash });
          } else if (member.candidate !== null) {
            const change = asChange(repository, member.candidate, member.archived);
            if (change !== null) changes.push({ ...change, hash: member.hash });
          }
        }
      }
      return { changes, specs, ideas };
    },
  };
}

/** The shortest prefix of `hash` (six digits at least) that none of `others` starts with. */
export function distinguishingLength(hash: string, others: readonly string[]): number {
  let length = SHORT_TOKEN_LENGTH;
  for (const other of others) {
    let common = 0;
    while (common < hash.length && hash[common] === other[common]) common += 1;
    length = Math.max(length, Math.min(hash.length, common + 1));
  }
  return length;
}

function archivedHash(name: string, activeNames: ReadonlySet<string>): string {
  return activeNames.has(name) ? shadowedArchivedChangeHash(name) : changeHash(name);
}

/**
 * How a member takes part in making tokens unique: `kept` for a spec or a
 * change with `proposal.md` or `.openspec.yaml` (what had tokens before bare
 * change folders counted, so their tokens never grow for one), `bare` for a
 * change folder with neither, null for a folder that is no change at all.
 */
function standingOf(repository: Repository, member: Member): "kept" | "bare" | null {
  if (member.candidate === null) return "kept";
  const change = asChange(repository, member.candidate, member.archived);
  if (change === null) return null;
  if (!change.scaffolded || existsSync(`${change.dir}/.openspec.yaml`)) return "kept";
  return "bare";
}

function prefixOf(hash: string): number {
  return Number.parseInt(hash.slice(0, SHORT_TOKEN_LENGTH), 16);
}

function file(index: PrefixIndex, member: Member): void {
  const prefix = prefixOf(member.hash);
  const members = index.get(prefix);
  if (members === undefined) index.set(prefix, [member]);
  else members.push(member);
}

/** Files `memberOf` each item, stopping every `MEMBERS_PER_TURN` items. */
function* filing<T>(
  index: PrefixIndex,
  items: readonly T[],
  memberOf: (item: T) => Member,
): Building<PrefixIndex> {
  for (let i = 0; i < items.length; i++) {
    file(index, memberOf(items[i] as T));
    if ((i + 1) % MEMBERS_PER_TURN === 0) yield;
  }
  return index;
}

// Keyed on the cached listings themselves: a changed folder is a new array.
const activeNameSets = new WeakMap<ChangeCandidate[], ReadonlySet<string>>();
const activeIndexes = new WeakMap<ChangeCandidate[], PrefixIndex>();
const archivedIndexes = new WeakMap<
  ChangeCandidate[],
  { active: ChangeCandidate[]; index: PrefixIndex }
>();

function* namesOf(active: ChangeCandidate[]): Building<ReadonlySet<string>> {
  let names = activeNameSets.get(active);
  if (names === undefined) {
    const building = new Set<string>();
    for (let i = 0; i < active.length; i++) {
      building.add((active[i] as ChangeCandidate).name);
      if ((i + 1) % MEMBERS_PER_TURN === 0) yield;
    }
    names = building;
    activeNameSets.set(active, names);
  }
  return names;
}

function* activeIndex(active: ChangeCandidate[]): Building<PrefixIndex> {
  let index = activeIndexes.get(active);
  if (index === undefined) {
    index = yield* filing(new Map(), active, (candidate) => ({
      hash: changeHash(candidate.name),
      candidate,
      archived: false,
      spec: null,
    }));
    activeIndexes.set(active, index);
  }
  return index;
}

function* archivedIndex(
  archived: ChangeCandidate[],
  active: ChangeCandidate[],
  activeNames: ReadonlySet<string>,
): Building<PrefixIndex> {
  const cached = archivedIndexes.get(archived);
  // An archived change's hash depends on the active names too.
  if (cached !== undefined && cached.active === active) return cached.index;
  const index = yield* filing(new Map(), archived, (candidate) => ({
    hash: archivedHash(candidate.name, activeNames),
    candidate,
    archived: true,
    spec: null,
  }));
  archivedIndexes.set(archived, { active, index });
  return index;
}

// The spec walk builds a new list every time; the last one of each repository
// is kept with its index and reused while the paths are the same.
const specIndexes = createBoundedCache<{ paths: string[]; index: PrefixIndex }>(1_000);

function* specIndex(repository: Repository, specs: SpecFile[]): Building<PrefixIndex> {
  const cached = specIndexes.get(repository.openspecDir);
  if (cached !== undefined && samePaths(cached.paths, specs)) return cached.index;
  const index = yield* filing(new Map(), specs, (spec) => ({
    hash: specHash(spec.path),
    candidate: null,
    archived: false,
    spec,
  }));
  specIndexes.set(repository.openspecDir, { paths: specs.map((spec) => spec.path), index });
  return index;
}

// Keyed on the cached listing itself: a changed ideas folder is a new array.
const ideaIndexes = new WeakMap<IdeaFile[], PrefixIndex>();

function* ideaIndex(ideas: IdeaFile[]): Building<PrefixIndex> {
  let index = ideaIndexes.get(ideas);
  if (index === undefined) {
    index = yield* filing(new Map(), ideas, (idea) => ({
      hash: ideaHash(idea.slug),
      candidate: null,
      archived: false,
      spec: null,
      idea,
    }));
    ideaIndexes.set(ideas, index);
  }
  return index;
}

function samePaths(paths: readonly string[], specs: readonly SpecFile[]): boolean {
  if (paths.length !== specs.length) return false;
  for (let i = 0; i < paths.length; i += 1) {
    if (paths[i] !== specs[i]?.path) return false;
  }
  return true;
}
