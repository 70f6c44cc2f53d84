// The library in a process of its own that serves many calls, so that a call
// that blocks the event loop cannot stall the checks, without paying a Node
// start-up and a catalog load per call: one JSON line `{ "id", "tool", "args" }`
// in, one `{ "id", "result" }` out, calls one at a time, until stdin ends.
import { createInterface } from "node:readline";
import { createCatalog } from "@org/openspec-core";

const catalog = createCatalog({ env: process.env });
for await (const line of createInterface({ input: process.stdin })) {
  const { id, tool, args } = JSON.parse(line);
  const result = await catalog.call(tool, args);
  process.stdout.write(`${JSON.stringify({ id, result })}\n`);
}
catalog.close();
