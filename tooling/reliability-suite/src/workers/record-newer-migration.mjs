// Records a migration this build does not ship, dated a year after now, the
// way a newer build's migrator would, so the registry file counts as newer.
// Prints the number of migrations the file had before (this build's schema version).
// argv: <registry file>
import { Database } from "./sqlite-driver.mjs";

const [file] = process.argv.slice(2);
const sqlite = new Database(file);
const known = sqlite.prepare("SELECT count(*) FROM __drizzle_migrations").pluck().get();
sqlite
  .prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)")
  .run("a-migration-of-a-newer-build", Date.now() + 365 * 86_400_000);
sqlite.close();
process.stdout.write(`${known}\n`);
