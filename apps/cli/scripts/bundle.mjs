// Bundles the built CLI into dist/bundle/, so that each `openspec-agent` start
// loads a few files instead of several hundred modules (start-up is most of a
// short command's time). Code-splitting keeps what only some commands need
// (the registry, the runner, the markdown parser) in chunks loaded on use.
//
// Left outside the bundle, installed as dependencies:
// - better-sqlite3, a native addon;
// - the host packages (MCP, Hermes, dashboard), loaded only by `mcp`,
//   `hermes` and `serve`; the first two find files of their own next to their
//   modules (the Hermes plugin folder, package versions);
// - the OpenSpec CLI, which the runner runs, never imports.
// The runner's watchdog and warm worker are started as scripts of their own,
// so they are entries here, beside the chunks that start them; the registry's
// migrations are read from ../drizzle next to the chunk, so they are copied
// to dist/drizzle.
import { cpSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const runnerDist = dirname(fileURLToPath(import.meta.resolve("@org/openspec-cli-runner")));
const registryRoot = dirname(
  fileURLToPath(import.meta.resolve("@org/openspec-registry/package.json")),
);
const outdir = join(root, "dist", "bundle");

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    "openspec-agent": join(root, "dist", "bin.js"),
    "host-watchdog": join(runnerDist, "host-watchdog.js"),
    "openspec-worker": join(runnerDist, "pool", "openspec-worker.js"),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: [
    "better-sqlite3",
    "@fission-ai/openspec",
    "@org/openspec-mcp-host",
    "@org/openspec-hermes-host",
    "@org/openspec-dashboard-host",
  ],
  // Bundled CommonJS modules (commander, drizzle's helpers) call require().
  banner: {
    js: 'import { createRequire as __openspecAgentRequire } from "node:module"; const require = __openspecAgentRequire(import.meta.url);',
  },
  legalComments: "linked",
  logLevel: "warning",
});
rmSync(join(root, "dist", "drizzle"), { recursive: true, force: true });
cpSync(join(registryRoot, "drizzle"), join(root, "dist", "drizzle"), { recursive: true });
