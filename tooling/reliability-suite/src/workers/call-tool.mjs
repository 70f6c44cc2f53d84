// Calls tools through the library in a process of its own, so that a call that blocks the
// event loop cannot stall the checks. Its arguments are one tool's name and its arguments as
// JSON, or one JSON list of [tool, arguments] pairs, run one after another, each on a catalog
// of its own. Each result goes to stdout as a line of its own as soon as it is there, so a
// call that never answers is the first without a line.
import { createCatalog } from "@org/openspec-core";

const [first, second] = process.argv.slice(2);
const calls = second === undefined ? JSON.parse(first) : [[first, JSON.parse(second)]];
for (const [tool, args] of calls) {
  const catalog = createCatalog({ env: process.env });
  const result = await catalog.call(tool, args);
  catalog.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
