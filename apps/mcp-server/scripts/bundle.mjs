// The MCP server's entry for the shared bundler (@org/bundle): everything,
// the SDK and the catalog included, goes into one CommonJS file started with
// Node's compile cache (bin/openspec-mcp.js loads dist/bundle/openspec-mcp.cjs);
// the bin runs the server's code only when it serves, so --help and --version
// answer without it.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleApp } from "@org/bundle";

await bundleApp({
  root: dirname(dirname(fileURLToPath(import.meta.url))),
  entries: {},
  cachedEntries: { "openspec-mcp": "dist/bin.js" },
});
