// The CLI's entry for the shared bundler (@org/bundle). The hosts (MCP, Hermes,
// dashboard) are bundled with the rest, so a process holds one copy of core:
// with the hosts loaded from node_modules, `openspec-agent mcp` ran the bundle's
// core and the host's own. Their code stays unevaluated until `mcp`, `hermes`,
// `serve`, `tokens` or `sources import --hermes-db` first imports it. What the
// hosts start or read beside their modules is put beside the bundle: the
// Hermes bridge and the markdown worker as entries of their own in
// dist/bundle/, and the Hermes plugin folder in dist/plugin/, where the bundled
// hermes-host looks for them (one folder up from its module, as in its package).
import { cpSync, rmSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleApp } from "@org/bundle";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/** A host's folder, as this app's dependency resolves it. */
const hostFolder = (name) => dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`)));
const hermesHost = hostFolder("@org/openspec-hermes-host");
const dashboardHost = hostFolder("@org/openspec-dashboard-host");

await bundleApp({
  root,
  entries: {
    bridge: relative(root, join(hermesHost, "dist", "bridge.js")),
    "markdown-worker": relative(root, join(dashboardHost, "dist", "markdown-worker.js")),
  },
  // Started with Node's compile cache (bin/openspec-agent.js loads dist/bundle/openspec-agent.cjs).
  cachedEntries: { "openspec-agent": "dist/bin.js" },
});

const pluginFolder = join(root, "dist", "plugin");
rmSync(pluginFolder, { recursive: true, force: true });
cpSync(join(hermesHost, "plugin"), pluginFolder, {
  recursive: true,
  // What the host's package leaves out too: a linked install's bridge.json and Python caches.
  filter: (path) => basename(path) !== "__pycache__" && basename(path) !== "bridge.json",
});
