// Ticks one task as tick-task.mjs does, on storage that loses one reply: the
// first link() makes the link and then fails with EEXIST, as a retried NFS
// request does when the reply to the first was lost. A process of its own,
// since the test files of this package share one (no module mocks there).
import { createRequire, syncBuiltinESMExports } from "node:module";

const fsPromises = createRequire(import.meta.url)("node:fs/promises");
const realLink = fsPromises.link;
let lost = false;
fsPromises.link = async (from, to) => {
  await realLink(from, to);
  if (lost) return;
  lost = true;
  throw Object.assign(new Error(`EEXIST: file already exists, link '${from}' -> '${to}'`), {
    code: "EEXIST",
  });
};
syncBuiltinESMExports();

const { openRepository, setTaskStatus } = await import("../../dist/index.js");
const [root, change, id] = process.argv.slice(2);
const opened = openRepository(root);
if (!opened.ok) throw new Error(opened.error);
const result = await setTaskStatus(opened.repository, { change, ids: [id], done: true });
process.stdout.write(`${JSON.stringify({ lost, result })}\n`);
