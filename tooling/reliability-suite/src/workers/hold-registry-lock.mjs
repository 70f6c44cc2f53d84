// Takes the registry's write lock (BEGIN IMMEDIATE) as another process would,
// says "locked" on stdout and keeps the lock until its stdin closes; then it
// rolls back and exits.
// argv: <registry file>
import { Database } from "./sqlite-driver.mjs";

const [file] = process.argv.slice(2);
const sqlite = new Database(file);
sqlite.exec("BEGIN IMMEDIATE");
process.stdout.write("locked\n");
process.stdin.resume();
process.stdin.on("end", () => {
  sqlite.exec("ROLLBACK");
  sqlite.close();
});
