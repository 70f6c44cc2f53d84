export type {
  AccessToken,
  AccessTokenListResult,
  AccessTokenResult,
  CreateAccessTokenInput,
  CreatedAccessTokenResult,
} from "./access-token.js";
export type { AsyncRegistry } from "./async-registry.js";
export { type ConnectRegistryResult, connectRegistry } from "./connect-registry.js";
export { createAccessToken } from "./create-access-token.js";
export { type DefaultRegistryPathInput, defaultRegistryPath } from "./default-registry-path.js";
export { ACCESS_TOKEN_PREFIX } from "./hash-access-token.js";
export type { ImportSkipCode, SkippedSource, SourceToImport } from "./import-source-row.js";
export { importSources, type SourceImportResult } from "./import-sources.js";
export { listAccessTokens } from "./list-access-tokens.js";
export {
  type OpenRegistryOptions,
  type OpenRegistryResult,
  openRegistry,
} from "./open-registry.js";
export { isPostgresUrl, redactPostgresUrl } from "./postgres-url.js";
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
