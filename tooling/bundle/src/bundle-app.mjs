// Bundles a built app's Node entries into <root>/dist/bundle/, so that a start
// loads a few files instead of several hundred modules (start-up is most of a
// short command's time). Code-splitting keeps what only some paths need in
// chunks loaded on use.
//
// Always left outside the bundle, installed as dependencies:
// - better-sqlite3, a native addon;
// - the OpenSpec CLI, which the runner runs, never imports.
// The runner's watchdog and warm worker are started as scripts of their own,
// so they are entries here, beside the chunks that start them; the registry's
// migrations are read from ../drizzle (SQLite) and ../drizzle-pg (PostgreSQL)
// next to the chunk, so they are copied to dist/drizzle and dist/drizzle-pg.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const runnerDist = dirname(fileURLToPath(import.meta.resolve("@org/openspec-cli-runner")));
const registryRoot = dirname(
  fileURLToPath(import.meta.resolve("@org/openspec-registry/package.json")),
);

// pg: the PostgreSQL driver loads only when a registry URL is opened, and a
// bundle that held it would be read (and its compile cache written) at every start.
const ALWAYS_EXTERNAL = ["better-sqlite3", "pg", "@fission-ai/openspec"];

const SHARED_OPTIONS = {
  bundle: true,
  platform: "node",
  target: "node22",
  legalComments: "linked",
  // Less text to read and parse at every start, and no comments left: one
  // non-ASCII character in a kept comment (zod has an em dash) makes Node
  // decode and parse the whole chunk as a two-byte string. Names stay, so
  // stack traces still read.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
};

/**
 * One entry as a single CommonJS file, `<name>.bundle.cjs`, and the start
 * file `<name>.cjs` that turns on Node's compile cache and requires it
 * (start-cached.cjs). Without code-splitting, what only some commands need
 * still runs only when they first import it (esbuild defers a dynamically
 * imported module's code), though it is in the file. `import.meta.url` is
 * the bundle file's URL, as in a chunk; `import()` of a package left outside
 * stays Node's own.
 */
async function bundleCachedEntry({ outdir, name, entry, external }) {
  await build({
    ...SHARED_OPTIONS,
    entryPoints: [entry],
    outfile: join(outdir, `${name}.bundle.cjs`),
    format: "cjs",
    // Short names too: a third less text to read and a smaller cache at every
    // start. Stack traces then name minified functions; the app's unbundled
    // `dist/` beside the bundle runs the same code with its own names.
    minifyIdentifiers: true,
    external: [...ALWAYS_EXTERNAL, ...external],
    define: { "import.meta.url": "__openspecAgentBundleUrl" },
    // Template literals written as strings, which esbuild then escapes to ASCII
    // like any other: a tagged template keeps its characters as written (the
    // dashboard's pages hold a few), and one non-ASCII character makes Node read
    // the whole file as two-byte text.
    supported: { "template-literal": false },
    banner: {
      js: 'var __openspecAgentBundleUrl = require("node:url").pathToFileURL(__filename).href;',
    },
    plugins: [inlinePackageVersions, zodEnglishOnly, sdkShimsOnFirstUse],
  });
  cpSync(join(here, "start-cached.cjs"), join(outdir, `${name}.cjs`));
}

/**
 * @param {{ root: string, entries: Record<string, string>, cachedEntries?: Record<string, string>, external?: string[] }} app
 *   `root` the app's folder; `entries` output name → built file under `root`;
 *   `cachedEntries` the same, each built as one CommonJS file started with
 *   Node's compile cache (see `bundleCachedEntry`); `external` packages loaded from
 *   node_modules besides the usual ones.
 */
export async function bundleApp({ root, entries, cachedEntries = {}, external = [] }) {
  const outdir = join(root, "dist", "bundle");
  rmSync(outdir, { recursive: true, force: true });
  const entryPoints = {
    "host-watchdog": join(runnerDist, "host-watchdog.js"),
    "openspec-worker": join(runnerDist, "pool", "openspec-worker.js"),
  };
  for (const [name, file] of Object.entries(entries)) entryPoints[name] = join(root, file);
  await build({
    ...SHARED_OPTIONS,
    entryPoints,
    outdir,
    splitting: true,
    format: "esm",
    external: [...ALWAYS_EXTERNAL, ...external],
    // Bundled CommonJS modules (commander, drizzle's helpers) call require().
    banner: {
      js: 'import { createRequire as __openspecAgentRequire } from "node:module"; const require = __openspecAgentRequire(import.meta.url);',
    },
    plugins: [inlinePackageVersions, zodEnglishOnly, sdkShimsOnFirstUse],
  });
  for (const [name, file] of Object.entries(cachedEntries)) {
    await bundleCachedEntry({ outdir, name, entry: join(root, file), external });
  }
  for (const folder of ["drizzle", "drizzle-pg"]) {
    rmSync(join(root, "dist", folder), { recursive: true, force: true });
    cpSync(join(registryRoot, folder), join(root, "dist", folder), { recursive: true });
  }
}

// A package's `package-version.js` reads ../package.json at run time, which
// from a bundle's chunk is no longer its package's manifest; the bundle gets
// the version of the code it actually holds instead.
const inlinePackageVersions = {
  name: "inline-package-versions",
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]package-version\.js$/ }, ({ path }) => {
      const manifest = JSON.parse(
        readFileSync(join(dirname(dirname(path)), "package.json"), "utf8"),
      );
      if (typeof manifest.version !== "string") throw new Error(`${path}: no version beside it`);
      return {
        contents: `export const packageVersion = ${JSON.stringify(manifest.version)};\n`,
        loader: "js",
      };
    });
  },
};

// zod's `z.locales` namespace holds the error messages of some 50 languages
// (about 370 KB, half of zod in the bundle), parsed at every start; the
// catalog uses zod's default, English, and never `z.locales`. The bundle's
// `z.locales` therefore has `en` only.
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) => {
      if (!/[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/](external|index)\.js$/.test(importer))
        return undefined;
      return { path: join(dirname(importer), "..", "locales", "en.js"), namespace: "zod-locales" };
    });
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, ({ path }) => ({
      contents: `export { default as en } from ${JSON.stringify(path)};\n`,
      resolveDir: dirname(path),
      loader: "js",
    }));
  },
};

// The MCP SDK takes its runtime's shims from `@modelcontextprotocol/server/_shims`
// (a conditional export: Node, browsers, workerd). On Node they hold the default
// JSON Schema validator, whose module evaluates ajv as it loads, though a server
// uses it only for elicitation answers. Every import of them, the SDK's own
// included, gets sdk-shims-on-first-use.mjs, which requires the real module on
// the validator's first use; that require gets the real module.
const SDK_SHIMS = "@modelcontextprotocol/server/_shims";
const SHIMS_ON_FIRST_USE = join(here, "sdk-shims-on-first-use.mjs");
const REAL_SHIMS = Symbol("the SDK's own shims");
export const sdkShimsOnFirstUse = {
  name: "sdk-shims-on-first-use",
  setup(build) {
    // Where an import of the shims came from: the real module is resolved from there,
    // as its ES module (the one the SDK's other modules share).
    let importedFrom;
    build.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, async (args) => {
      if (args.pluginData === REAL_SHIMS) return undefined;
      if (args.importer !== SHIMS_ON_FIRST_USE) {
        importedFrom ??= args.resolveDir;
        return { path: SHIMS_ON_FIRST_USE };
      }
      const real = await build.resolve(SDK_SHIMS, {
        kind: "import-statement",
        resolveDir: importedFrom,
        pluginData: REAL_SHIMS,
      });
      return real.errors.length > 0 ? { errors: real.errors } : { path: real.path };
    });
  },
};
