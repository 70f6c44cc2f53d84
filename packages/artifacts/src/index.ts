export {
  changeHash,
  changeToken,
  isToken,
  SHORT_TOKEN_LENGTH,
  shortToken,
  specHash,
  specToken,
} from "./artifact-token.js";
export { checkNewName, checkSegment, checkSpecId } from "./check-name.js";
export { type CreatedSpec, type CreateSpecInput, createSpec } from "./create-spec.js";
export {
  DEFAULT_PAGE_LIMIT,
  describeRepository,
  MAX_PAGE_LIMIT,
  type RepositoryOverview,
  type RepositoryPageOptions,
} from "./describe-repository.js";
export type { ArtifactCandidate, ArtifactFailureCode, Failure } from "./failure.js";
export { type FoundArtifact, findArtifact } from "./find-artifact.js";
export { listSpecs, type SpecList } from "./list-specs.js";
export { openRepository, type Repository } from "./open-repository.js";
export { type ChangeContent, readChange, type TaskProgress } from "./read-change.js";
export {
  type ChangeContext,
  type Context,
  type ContextFailure,
  type ResolvedSource,
  resolveContext,
  type SourceContext,
  type SourceResolver,
  type SpecContext,
} from "./resolve-context.js";
export type { ChangeEntry, ChangeScan } from "./scan-changes.js";
export { listActiveChangeFolders, scanChanges } from "./scan-changes.js";
export { type SpecEntry, scanSpecs } from "./scan-specs.js";
export {
  type ShownRequirement,
  type ShownScenario,
  type ShownSpec,
  showSpec,
} from "./show-spec.js";
export type {
  RequirementInput,
  ScenarioInput,
  SpecContentInput,
  SpecWarning,
  StepInput,
} from "./spec-content.js";
