import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type Database from "better-sqlite3";

const require = createRequire(import.meta.url);

let driver: typeof Database | undefined;

/**
 * better-sqlite3, the one way this package reaches it, loaded when a file is
 * first opened: loading the addon and its JavaScript is about 10 ms, which a
 * server that answers before it touches the registry (an MCP server's
 * `tools/list`) should not pay at start. It is CommonJS, and importing it from
 * ESM runs Node's CommonJS translator (cjs-module-lexer) over it: about 19 ms
 * against 9 ms through require(). Bundles keep it external, so this resolves
 * from node_modules there too.
 */
export function sqliteDriver(): typeof Database {
  driver ??= require("better-sqlite3") as typeof Database;
  return driver;
}

let releaseAddon: string | null | undefined;

/**
 * Opens a SQLite file (or an image of one, as a Buffer). When better-sqlite3's compiled addon is the usual
 * `build/Release` one, it is named directly, so opening skips the `bindings`
 * package's search of a dozen folders (a few ms of every start); otherwise,
 * e.g. with a debug build, which that search prefers, better-sqlite3 searches
 * as usual.
 */
export function openSqlite(
  file: string | Buffer,
  options: Database.Options = {},
): Database.Database {
  releaseAddon ??= findReleaseAddon();
  const SqliteDriver = sqliteDriver();
  return new SqliteDriver(
    file,
    releaseAddon === null ? options : { nativeBinding: releaseAddon, ...options },
  );
}

function findReleaseAddon(): string | null {
  try {
    const build = join(dirname(require.resolve("better-sqlite3/package.json")), "build");
    if (existsSync(join(build, "Debug", "better_sqlite3.node"))) return null;
    const release = join(build, "Release", "better_sqlite3.node");
    return existsSync(release) ? release : null;
  } catch {
    return null;
  }
}
