import { join } from "node:path";
import { ideaHash, specHash } from "./artifact-token.js";
import type { Repository } from "./open-repository.js";
import { readTaskProgress, type TaskProgress } from "./read-change.js";
import { ideaSummary } from "./read-idea.js";
import type { ReadWarning } from "./read-warning.js";
import { repositoryTokens } from "./repository-tokens.js";
import { type ChangeFolder, scanChangeFolders } from "./scan-changes.js";
import { scanIdeas } from "./scan-ideas.js";
import { scanSpecFolder } from "./scan-specs.js";

export type RepositoryPageOptions = {
  /** Entries per list (active changes, archived changes, specs, ideas). */
  limit?: number;
  offset?: number;
  /** Keeps entries whose name or path contains this text, case-insensitively. */
  query?: string;
};

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;

export type RepositoryOverview = {
  /** `scaffolded` is present (true) for a change without `proposal.md` (only `.openspec.yaml`, `tasks.md`, `specs/`, or nothing yet). */
  /**
   * `last_modified`: when the change last changed (ISO 8601), present only
   * when asked for (`addLastModified`); null when its folder may not be read.
   */
  changes: {
    name: string;
    token: string;
    tasks: TaskProgress | null;
    last_modified?: string | null;
    scaffolded?: true;
  }[];
  archived_changes: {
    name: string;
    token: string;
    last_modified?: string | null;
    scaffolded?: true;
  }[];
  specs: { path: string; token: string }[];
  /** The ideas under openspec/ideas/; `change` names the change one was promoted to. */
  ideas: { slug: string; title: string; token: string; change?: string }[];
  totals: { changes: number; archived_changes: number; specs: number; ideas: number };
  page: {
    offset: number;
    limit: number;
    query: string | null;
    /** The offset of the next page, or null when every list is complete. */
    next_offset: number | null;
  };
  /** Says what was left out when a list was cut. */
  note?: string;
  /** Folders and files that could not be read, and symlink loops; omitted when there are none. */
  warnings?: ReadWarning[];
};

/**
 * A compact, deterministic overview of a repository's changes and specs.
 * Lists are paged so a repository of thousands of artifacts stays small.
 */
export function describeRepository(
  repository: Repository,
  options: RepositoryPageOptions = {},
): RepositoryOverview {
  const limit = clamp(options.limit ?? DEFAULT_PAGE_LIMIT, 1, MAX_PAGE_LIMIT);
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  const query = options.query?.trim().toLowerCase() || null;
  const keep = (text: string) => query === null || text.toLowerCase().includes(query);

  const scan = scanChangeFolders(repository);
  const specScan = scanSpecFolder(repository, join(repository.openspecDir, "specs"));
  const everySpec = specScan.specs;
  // A token must be unique among every artifact of the repository, not only
  // the page or the query's matches; the table is cached per listing.
  const tokens = repositoryTokens(repository, everySpec);
  const active = scan.active.filter((change) => keep(change.name));
  const archived = scan.archived.filter((change) => keep(change.name));
  const specs = everySpec.filter((spec) => keep(spec.path));
  const ideas = scanIdeas(repository).filter((idea) => keep(idea.path));
  const scaffolded = (change: ChangeFolder) =>
    change.scaffolded ? { scaffolded: true as const } : {};
  const warnings = [...scan.warnings, ...specScan.warnings];

  const page = <T>(items: T[]) => items.slice(offset, offset + limit);
  const longest = Math.max(active.length, archived.length, specs.length, ideas.length);
  const nextOffset = offset + limit < longest ? offset + limit : null;

  const overview: RepositoryOverview = {
    changes: page(active).map((change) => ({
      name: change.name,
      token: tokens.tokenOf(tokens.changeHash(change.name, false)),
      tasks: readTaskProgress(repository, change, warnings),
      ...scaffolded(change),
    })),
    archived_changes: page(archived).map((change) => ({
      name: change.name,
      token: tokens.tokenOf(tokens.changeHash(change.name, true)),
      ...scaffolded(change),
    })),
    specs: page(specs).map((spec) => ({
      path: spec.path,
      token: tokens.tokenOf(specHash(spec.path)),
    })),
    ideas: page(ideas).map((idea) => {
      const facts = ideaSummary(repository, idea);
      return {
        slug: idea.slug,
        title: facts.title,
        token: tokens.tokenOf(ideaHash(idea.slug)),
        ...(facts.change === null ? {} : { change: facts.change }),
      };
    }),
    totals: {
      changes: active.length,
      archived_changes: archived.length,
      specs: specs.length,
      ideas: ideas.length,
    },
    page: { offset, limit, query, next_offset: nextOffset },
  };
  if (warnings.length > 0) overview.warnings = warnings;
  if (nextOffset !== null) {
    overview.note = `Lists were cut at ${limit} entries each; call again with {field:offset=${nextOffset}} for the next page, or narrow them with {field:query}.`;
  }
  return overview;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(value)));
}
