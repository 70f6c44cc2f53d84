"use strict";
// Preloaded (`node --require`, through NODE_OPTIONS so every child process has it too) into the
// processes of a test run on a Node line other than the one node_modules was built for: when
// better-sqlite3 loads its addon, this loads the build for the running Node's ABI that
// sqlite-addon.mjs made, if there is one. Without one the original loads and fails with Node's
// own NODE_MODULE_VERSION message, which says what is wrong.
const { existsSync, readFileSync } = require("node:fs");
const { basename, dirname, join } = require("node:path");

const cache = join(__dirname, "node_modules", ".cache", "better-sqlite3");
const dlopen = process.dlopen;

process.dlopen = function dlopenForThisNode(module, filename, ...rest) {
  return dlopen.call(this, module, forThisNode(filename), ...rest);
};

function forThisNode(filename) {
  if (basename(filename) !== "better_sqlite3.node") return filename;
  try {
    // <package>/build/Release/better_sqlite3.node: the package's version names the build.
    const manifest = join(dirname(dirname(dirname(filename))), "package.json");
    const { version } = JSON.parse(readFileSync(manifest, "utf8"));
    const build = join(cache, `${version}-abi${process.versions.modules}`, "better_sqlite3.node");
    return existsSync(build) ? build : filename;
  } catch {
    return filename;
  }
}
