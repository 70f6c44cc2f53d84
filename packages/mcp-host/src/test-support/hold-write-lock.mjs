// Another process that takes the registry's write lock, says "locked" on
// stdout, keeps the lock for <milliseconds>, then commits and exits, saying
// "releasing at <Date.now()>" (taken just before the commit).
// argv: <registry file> <milliseconds>
import { createRequire } from "node:module";

// better-sqlite3 is the registry's dependency, not this package's.
const require = createRequire(import.meta.resolve("@org/openspec-registry"));
const Database = require("better-sqlite3");

const [file, milliseconds] = process.argv.slice(2);
const sqlite = new Database(file);
sqlite.exec("BEGIN IMMEDIATE");
process.stdout.write("locked\n");
setTimeout(() => {
  const releasingAt = Date.now();
  sqlite.exec("COMMIT");
  sqlite.close();
  process.stdout.write(`releasing at ${releasingAt}\n`);
}, Number(milliseconds));
