// Another process that takes the registry's write lock, says "locked" on
// stdout, keeps the lock for <milliseconds>, then commits and exits.
// argv: <registry file> <milliseconds>
import Database from "better-sqlite3";

const [file, milliseconds] = process.argv.slice(2);
const sqlite = new Database(file);
sqlite.exec("BEGIN IMMEDIATE");
process.stdout.write("locked\n");
setTimeout(() => {
  sqlite.exec("COMMIT");
  sqlite.close();
}, Number(milliseconds));
