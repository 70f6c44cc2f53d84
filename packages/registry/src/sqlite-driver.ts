import { createRequire } from "node:module";
import type Database from "better-sqlite3";

/**
 * better-sqlite3, the one way this package reaches it. It is CommonJS, and
 * importing it from ESM runs Node's CommonJS translator (cjs-module-lexer)
 * over it: about 19 ms of a short command's start-up against 9 ms through
 * require(). Bundles keep it external, so this resolves from node_modules
 * there too.
 */
export const SqliteDriver = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
