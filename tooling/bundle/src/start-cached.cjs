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
const { join } = require("node:path");

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
