// Another process that keeps the registry's write lock almost all the time for <milliseconds>,
// committing a write every 20 ms and taking the lock again at once, as many busy writers on a
// loaded machine do together: the lock keeps moving, and a waiting writer rarely catches the gap
// between two transactions. It says "writing" on stdout once it holds the lock, then exits.
// argv: <registry file> <milliseconds>
import Database from "better-sqlite3";

const [file, milliseconds] = process.argv.slice(2);
const sqlite = new Database(file);
sqlite.exec("CREATE TABLE IF NOT EXISTS writer_test_heartbeat (at INTEGER)");
const insert = sqlite.prepare("INSERT INTO writer_test_heartbeat VALUES (?)");
const stopAt = Date.now() + Number(milliseconds);
const sleeper = new Int32Array(new SharedArrayBuffer(4));
let told = false;
while (Date.now() < stopAt) {
  sqlite.exec("BEGIN IMMEDIATE");
  insert.run(Date.now());
  if (!told) {
    process.stdout.write("writing\n");
    told = true;
  }
  // Holds the lock 20 ms without spending CPU, as a writer waiting on its disk would.
  Atomics.wait(sleeper, 0, 0, 20);
  sqlite.exec("COMMIT");
}
sqlite.close();
