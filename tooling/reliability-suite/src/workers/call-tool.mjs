// Calls one tool once through the library in a process of its own, so that a
// call that blocks the event loop cannot stall the checks: the tool's name and
// its arguments as JSON come as arguments, the result goes to stdout.
import { createCatalog } from "@org/openspec-core";

const [tool, args] = process.argv.slice(2);
const catalog = createCatalog({ env: process.env });
const result = await catalog.call(tool, JSON.parse(args));
catalog.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
