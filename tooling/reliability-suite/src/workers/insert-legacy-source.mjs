// Registers a folder without a vanity name straight in the registry file, as a
// build without today's name checks could have, so the checks can meet the
// rows such builds left behind.
// argv: <registry file> <token> <folder>
import { basename } from "node:path";
import { Database } from "./sqlite-driver.mjs";

const [file, token, folder] = process.argv.slice(2);
const sqlite = new Database(file);
sqlite
  .prepare(
    "INSERT INTO sources (token, name, path, lookup_key, created_at, updated_at) VALUES (?, NULL, ?, ?, ?, ?)",
  )
  .run(token, folder, basename(folder).toLowerCase(), Date.now(), Date.now());
sqlite.close();
