// The MCP server's entry for the shared bundler (@org/bundle): everything,
// the SDK and the catalog included, goes into dist/bundle/; the bin loads the
// server only when it serves, so --help and --version answer without it.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleApp } from "@org/bundle";

await bundleApp({
  root: dirname(dirname(fileURLToPath(import.meta.url))),
  entries: { "openspec-mcp": "dist/bin.js" },
});
