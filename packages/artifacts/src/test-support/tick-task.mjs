// Ticks one task of a change from a process of its own, so tests can race
// several writers on one tasks.md as two hosts would.
import { openRepository, setTaskStatus } from "../../dist/index.js";

const [root, change, id, done] = process.argv.slice(2);
const opened = openRepository(root);
if (!opened.ok) throw new Error(opened.error);
const result = await setTaskStatus(opened.repository, {
  change,
  ids: [id],
  done: done === "true",
});
process.stdout.write(`${JSON.stringify(result)}\n`);
