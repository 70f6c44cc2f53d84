// The CLI's entry for the shared bundler (@org/bundle). The host packages (MCP,
// Hermes, dashboard) and the Hermes plugin app stay outside the bundle, installed
// as dependencies: they are loaded only by `mcp`, `hermes` and `serve`, and find
// files of their own next to their modules (the plugin folder, package versions).
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleApp } from "@org/bundle";

await bundleApp({
  root: dirname(dirname(fileURLToPath(import.meta.url))),
  // Started with Node's compile cache (bin/openspec-agent.js loads dist/bundle/openspec-agent.cjs).
  entries: {},
  cachedEntries: { "openspec-agent": "dist/bin.js" },
  external: [
    "@org/openspec-mcp-host",
    "@org/openspec-hermes-host",
    "@org/openspec-hermes-plugin",
    "@org/openspec-dashboard-host",
  ],
});
