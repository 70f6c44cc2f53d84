// What resolving a context identifier needs, listed once there (`/context`).

export { archiveName } from "./archive-name.js";
export { changeToken, ideaHash, specToken } from "./artifact-token.js";
export {
  type Observation,
  observe,
  type PathStats,
  stillTrue,
} from "./cache/file-signature.js";
export {
  type ChangeContentInput,
  checkChangeContent,
  type DeltaSpecChangeInput,
  type TaskSectionInput,
} from "./change-content.js";
export { changeMetadata, DEFAULT_CHANGE_SCHEMA, skipsSpecs } from "./change-metadata.js";
export { changeNameOf, type NamedChange } from "./change-name-of.js";
export type { ChangeWarning } from "./change-warnings.js";
export { type ArchiveWritesOptions, checkArchiveWrites } from "./check-archive-writes.js";
export { checkNamedTarget } from "./check-named-target.js";
export { checkWritableInside } from "./check-writable-inside.js";
export {
  type CliListing,
  cliListingText,
  LIST_READER_CLI_VERSION,
  type ListLikeCliOptions,
  listLikeCli,
  type NeedsCli,
} from "./cli-listing/list-like-cli.js";
export { byteOrder, readFolderEntries } from "./cli-listing/read-folder-entries.js";
export {
  type CliStatus,
  cliStatusText,
  type StatusLikeCliOptions,
  statusLikeCli,
} from "./cli-listing/status-like-cli.js";
export { tooMuchYamlStructure } from "./cli-listing/too-much-yaml-structure.js";
export { yieldEvery } from "./cli-listing/yield-every.js";
export {
  compareSpecRequirements,
  type DeltaEntry,
  type RequirementChange,
  type RequirementComparison,
  type RequirementOperation,
} from "./compare-spec-requirements.js";
export * from "./context-entry.js";
export { type CreateChangeInput, type CreatedChange, createChange } from "./create-change.js";
export { type CreatedIdea, type CreateIdeaInput, createIdea } from "./create-idea.js";
export { type CreatedSpec, type CreateSpecInput, createSpec } from "./create-spec.js";
export {
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  type RepositoryOverview,
  type RepositoryPageOptions,
} from "./describe-repository.js";
export {
  type ChangeDiffDiagnostic,
  type ChangeSpecDiff,
  diffChangeSpecs,
} from "./diff-change-specs.js";
export { diffSpecAtHead } from "./diff-spec-at-head.js";
export type { ArchiveDiagnostic } from "./discover-delta-specs.js";
export { type ChangeMetadataEdit, editChangeMetadata } from "./edit-change-metadata.js";
export { type EnrichedIdea, type EnrichIdeaInput, enrichIdea } from "./enrich-idea.js";
export type { ArtifactCandidate, ArtifactFailureCode, Failure } from "./failure.js";
export { holdChangeMetadataLock } from "./hold-change-metadata-lock.js";
export {
  type IdeaContentInput,
  type IdeaEvaluationInput,
  type IdeaFacts,
  type IdeaSections,
  readIdeaSections,
} from "./idea-document.js";
export { isChangeArtifactKind } from "./is-change-artifact-kind.js";
export { isDirectory } from "./is-directory.js";
export { listDeltaSpecIds } from "./list-delta-spec-ids.js";
export { listSpecs, type SpecList } from "./list-specs.js";
export { listSpecsAsync } from "./list-specs-async.js";
export { listTasks, type TaskListing } from "./list-tasks.js";
export { locateActiveChangeInTurns } from "./locate-active-change-in-turns.js";
export { locateIdea } from "./locate-idea.js";
export { pathExists } from "./path-exists.js";
export {
  type ArchivePreviewOptions,
  type ChangeArchivePreview,
  previewChangeArchive,
  type SpecArchivePreview,
} from "./preview-change-archive.js";
export { readActiveChangeFoldersAhead } from "./read-active-change-folders-ahead.js";
export type { ChangeContent, DeltaSpecContent, TaskProgress } from "./read-change.js";
export { readChangeNamesAhead } from "./read-change-names-ahead.js";
export { type IdeaContent, ideaSummary, readIdea } from "./read-idea.js";
export { readListingsAhead } from "./read-listings-ahead.js";
export { readRepositoryText } from "./read-repository-text.js";
export { readSpecAtHead, type SpecAtHead, type SpecAtHeadInput } from "./read-spec-at-head.js";
export type { ReadWarning } from "./read-warning.js";
export { recordIdeaPromotion } from "./record-idea-promotion.js";
export { listActiveChangeFolders } from "./scan-changes.js";
export { type IdeaFile, scanIdeas } from "./scan-ideas.js";
export { answerFromScans, type SpecScan } from "./scan-specs.js";
export { setTaskStatus, type TaskStatusInput, type TaskStatusUpdate } from "./set-task-status.js";
export {
  type ShownRequirement,
  type ShownScenario,
  type ShownSpec,
  showSpec,
} from "./show-spec.js";
export { showSpecAsync } from "./show-spec-async.js";
export type {
  RequirementInput,
  ScenarioInput,
  SpecContentInput,
  SpecWarning,
  StepInput,
} from "./spec-content.js";
export type { SpecDiff, SpecDiffDiagnostic } from "./spec-diff.js";
export { type MergedSpecPreview, specDiffOfMerge } from "./spec-diff-of-merge.js";
export type { ListedTask } from "./task-ids.js";
export {
  CAPPED_POLL_MS,
  DEFAULT_MAX_FOLDER_WATCHES,
  folderWatchCount,
  setMaxFolderWatches,
} from "./tree-watcher.js";
export { type UnarchivedChange, unarchiveChange } from "./unarchive-change.js";
export { unifiedSpecDiff } from "./unified-spec-diff.js";
export { type FolderWatch, folderWatchStats, watchFolder } from "./watch-folder.js";
export {
  type WriteChangeArtifactInput,
  type WrittenChangeArtifact,
  writeChangeArtifact,
} from "./write-change-artifact.js";
export type { AtomicWriteResult } from "./write-file-atomic.js";
export { writeFileAtomicAt } from "./write-file-atomic-at.js";
