"use strict";
// Starts `<name>.bundle.cjs`, the CommonJS bundle beside this file, with a
// cache of its compiled code in the user's cache folder: compiling the bundle
// is most of a short command's start.
//
// On Node 22.1 and later that is Node's own compile cache
// (`module.enableCompileCache()`), which serves CommonJS as well as ES
// modules and checks each entry against its source's content hash, so a new
// release never runs an earlier one's compiled code.
//
// Node 20 has no such cache, and there this file keeps one of its own through
// V8's code cache: on P7 (`openspec-agent context`) it saves about a fifth of
// the start (docs/ci-time.md, "Node lines"). The first start compiles as usual
// and, on exit, saves the compiled code (including every function that ran);
// later starts read it instead of parsing. V8 checks a cache against the
// source's length and its own version and flags and rejects one that does not
// fit, which is then written anew. A cache that cannot be read or written
// only costs the time it saves.
//
// There the bundle runs in a function of our own: the CommonJS arguments plus
// `__openspecAgentImport`, which stands for `import()` of the packages left
// outside the bundle (a script compiled with a code cache cannot use Node's
// `import()` itself). Loaded by `require()`, the bundle defines it as
// `import()`.
const nodeModule = require("node:module");
const { homedir } = require("node:os");
const { basename, dirname, join } = require("node:path");

const bundleFile = __filename.replace(/\.cjs$/, ".bundle.cjs");
const name = basename(bundleFile, ".bundle.cjs");
const cacheFolder = compileCacheFolder();
if (typeof nodeModule.enableCompileCache === "function") {
  // A folder that cannot be made is reported in the returned status, not thrown.
  if (cacheFolder !== undefined) nodeModule.enableCompileCache(cacheFolder);
  require(bundleFile);
} else {
  startThroughCodeCache();
}

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
    return undefined;
  }
}

/** Node 20: the bundle through V8's code cache, one file per bundle content and Node version. */
function startThroughCodeCache() {
  const {
    mkdirSync,
    readdirSync,
    readFileSync,
    renameSync,
    rmSync,
    writeFileSync,
  } = require("node:fs");
  const { Script } = require("node:vm");

  // The bundle's content hash, written here by the build. V8 checks a cache
  // only against the source's length, and npm gives every installed file the
  // same mtime, so neither could tell two builds of the same size apart.
  const BUNDLE_HASH = "@@BUNDLE_HASH@@";
  // The build checks the bundle is ASCII, so Latin-1 reads it exactly and fast.
  const source = readFileSync(bundleFile, "latin1");
  const cacheFile =
    cacheFolder === undefined
      ? undefined
      : join(cacheFolder, `${name}-${process.version}-${process.arch}-${BUNDLE_HASH}.v8cache`);
  const cached = readCache(cacheFile);
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname, __openspecAgentImport) {${source}\n})`,
    { filename: bundleFile, ...(cached === undefined ? {} : { cachedData: cached }) },
  );
  if (cacheFile !== undefined && (cached === undefined || script.cachedDataRejected)) {
    process.once("exit", () => writeCache(cacheFile));
  }
  const bundleModule = { exports: {} };
  script
    .runInThisContext()
    .call(
      bundleModule.exports,
      bundleModule.exports,
      nodeModule.createRequire(bundleFile),
      bundleModule,
      bundleFile,
      dirname(bundleFile),
      (specifier) => import(specifier),
    );

  function readCache(file) {
    if (file === undefined) return undefined;
    try {
      return readFileSync(file);
    } catch {
      return undefined;
    }
  }

  /** Writes the cache atomically (several starts may race) and drops this bundle's older ones. */
  function writeCache(file) {
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      const folder = dirname(file);
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
      renameSync(temporary, file);
      for (const entry of readdirSync(folder)) {
        if (
          entry.startsWith(`${name}-`) &&
          entry.endsWith(".v8cache") &&
          entry !== basename(file)
        ) {
          rmSync(join(folder, entry), { force: true });
        }
      }
    } catch {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // Nothing was written where nothing can be.
      }
    }
  }
}
