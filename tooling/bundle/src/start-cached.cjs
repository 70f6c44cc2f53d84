"use strict";
// Starts `<name>.bundle.cjs`, the CommonJS bundle beside this file, with
// Node's compile cache (`module.enableCompileCache()`) in the user's cache
// folder: compiling the bundle is most of a short command's start, and a
// CommonJS start skips setting up Node's ES module loader. Node checks each
// cache entry against its source's content hash, so a new release never runs
// an earlier one's compiled code, and a cache that cannot be read or written
// only costs the time it saves (Node reports that in the status it returns,
// it does not throw).
const { enableCompileCache } = require("node:module");
const { homedir } = require("node:os");
const { basename, join } = require("node:path");

// The bundles need Node 22.12 (the packages' `engines`): on an older Node a
// user would meet a TypeError from deep inside; one sentence says what to do.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `${basename(__filename, ".cjs")} needs Node 22.12 or later, and this is Node ${process.versions.node}: install a current Node (nvm install 22, fnm install 22, or https://nodejs.org/) and run it again.\n`,
  );
  process.exit(1);
}

const cacheFolder = compileCacheFolder();
if (cacheFolder !== undefined) enableCompileCache(cacheFolder);
require(__filename.replace(/\.cjs$/, ".bundle.cjs"));

/**
 * `OPENSPEC_AGENT_COMPILE_CACHE`: `0` turns the cache off, a folder puts it
 * there; by default `$XDG_CACHE_HOME/openspec-agent`, else
 * `~/.cache/openspec-agent`.
 */
function compileCacheFolder() {
  const setting = process.env.OPENSPEC_AGENT_COMPILE_CACHE;
  if (setting === "0") return undefined;
  try {
    return (
      setting || join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "openspec-agent")
    );
  } catch {
    // No home folder to be found (homedir() throws): no cache.
    return undefined;
  }
}
