export type {
  AccessToken,
  AccessTokenListResult,
  AccessTokenResult,
  CreateAccessTokenInput,
  CreatedAccessTokenResult,
} from "./access-token.js";
export { createAccessToken } from "./create-access-token.js";
export { type DefaultRegistryPathInput, defaultRegistryPath } from "./default-registry-path.js";
export { ACCESS_TOKEN_PREFIX } from "./hash-access-token.js";
export {
  type HermesImportResult,
  importFromHermesOpenspecDb,
} from "./import-from-hermes-openspec-db.js";
export type { HermesSkipCode, SkippedHermesSource } from "./import-hermes-row.js";
export { listAccessTokens } from "./list-access-tokens.js";
export {
  type OpenRegistryOptions,
  type OpenRegistryResult,
  openRegistry,
} from "./open-registry.js";
export {
  type HermesSequenceRow,
  type HermesSequencesResult,
  readHermesSequences,
} from "./read-hermes-sequences.js";
export type {
  AddSourceInput,
  Registry,
  SourceListResult,
  SourceResult,
  UpdateSourceChanges,
} from "./registry.js";
export { registryDataVersion } from "./registry-data-version.js";
export type { RegistryFailure, RegistryFailureCode } from "./registry-failure.js";
export { revokeAccessToken } from "./revoke-access-token.js";
export type { Source } from "./source.js";
export { verifyAccessToken } from "./verify-access-token.js";
