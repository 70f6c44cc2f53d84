// `@org/openspec-artifacts/context`: what resolving a context identifier needs,
// without the writers, diffs and markdown serializers the package index loads
// too, so a short shell command (`openspec-agent context`) starts lighter.
export { addLastModified } from "./add-last-modified.js";
export type { KnownSource } from "./find-token-in-sources.js";
// Process sources (the dashboard's working folder) are opened on the same path.
export {
  type OpenRepositoryOptions,
  openRepository,
  type Repository,
} from "./open-repository.js";
export { readListingsAhead } from "./read-listings-ahead.js";
export { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
export {
  type ChangeContext,
  type Context,
  type ContextFailure,
  type ContextOptions,
  type IdeaContext,
  type ReadOptions,
  type ResolvedSource,
  resolveContext,
  type SourceContext,
  type SourceResolver,
  type SpecContext,
} from "./resolve-context.js";
export { resolveContextAsync } from "./resolve-context-async.js";
