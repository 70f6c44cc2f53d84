// Another process that takes the registry's write lock, says "locked" on
// stdout, and keeps the lock until its stdin closes; then it commits and exits.
// argv: <registry file>
import Database from "better-sqlite3";

const [file] = process.argv.slice(2);
const sqlite = new Database(file);
sqlite.exec("BEGIN IMMEDIATE");
process.stdout.write("locked\n");
process.stdin.resume();
process.stdin.on("end", () => {
  sqlite.exec("COMMIT");
  sqlite.close();
});
