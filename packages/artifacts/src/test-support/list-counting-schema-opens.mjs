// Lists a repository's changes as openspec_list does, from a process of its
// own, and counts how often a file named schema.yaml was opened: the test
// files of this package share one process, so no module is patched there.
import { createRequire, syncBuiltinESMExports } from "node:module";

const fs = createRequire(import.meta.url)("node:fs");
const realOpenSync = fs.openSync;
let schemaOpens = 0;
fs.openSync = (path, ...rest) => {
  if (String(path).endsWith("/schema.yaml")) schemaOpens += 1;
  return realOpenSync(path, ...rest);
};
syncBuiltinESMExports();

const { listLikeCli, openRepository } = await import("../../dist/index.js");
const [root] = process.argv.slice(2);
const opened = openRepository(root);
if (!opened.ok) throw new Error(opened.error);
const listing = await listLikeCli(opened.repository, {
  kind: "changes",
  sort: "name",
  env: process.env,
});
process.stdout.write(
  `${JSON.stringify({ schemaOpens, changes: "changes" in listing ? listing.changes.length : listing })}\n`,
);
