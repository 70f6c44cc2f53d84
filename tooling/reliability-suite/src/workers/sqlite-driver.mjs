// The SQLite driver the registry itself uses (better-sqlite3, reached through
// @org/openspec-core and @org/openspec-registry), so the checks can hold the
// registry's lock or write a file as a newer build would, without a driver of
// their own.
import { createRequire } from "node:module";

const fromCore = createRequire(import.meta.resolve("@org/openspec-core"));
const fromRegistry = createRequire(fromCore.resolve("@org/openspec-registry/package.json"));

export const Database = fromRegistry("better-sqlite3");
