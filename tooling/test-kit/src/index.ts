export { compileEachSchemaOnce } from "./compile-each-schema-once.js";
export { fissionOpenSpecFixture } from "./fixtures.js";
export { type IsolatedEnvironment, isolatedEnvironment } from "./isolated-environment.js";
export {
  type NginxProxy,
  nginxReplicaConfig,
  type ProxiedReplica,
  startNginxProxy,
} from "./nginx-proxy.js";
export { registerOpenSpecStore, setUpOpenSpecStore } from "./openspec-stores.js";
export { gitFolder, type PlantedGitPrograms, plantGitPrograms } from "./plant-git-programs.js";
export { type PostgresServer, startPostgresServer } from "./postgres-server.js";
export {
  type CliRun,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  runRealOpenSpec,
  runRealOpenSpecCold,
} from "./real-openspec.js";
export {
  AUTH_SPEC,
  CHECKOUT_SPEC_INPUT,
  DARK_MODE_CHANGE,
  NO_DELTA_CHANGE,
  PASSKEYS_CHANGE_INPUT,
} from "./samples.js";
export { copyOfStoresMadeByTheCli, openSpecStoreRegistryPath } from "./stores-made-by-the-cli.js";
export { removeTemporaryFolders, temporaryFolder } from "./temporary-folder.js";
export { temporaryFoldersInMemory } from "./temporary-folders-in-memory.js";
export { turnsDuring } from "./turns-during.js";
export { NOBODY, warnSkipped, whyNobodyCannotRun } from "./unprivileged-user.js";
export { warmOpenSpecStats } from "./warm-openspec.js";
export { fakeOpenSpecBinary, writeFiles } from "./write-files.js";
