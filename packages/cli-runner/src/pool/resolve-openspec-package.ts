import { readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const PACKAGE_NAME = "@fission-ai/openspec";

/** An installed `@fission-ai/openspec` whose JavaScript entry a binary path leads to. */
export interface OpenSpecPackage {
  root: string;
  /** `<root>/dist/cli/index.js`, which exports `runCli(argv)`. */
  cliEntry: string;
  /** Changes when the package is reinstalled or upgraded in place: workers of another identity are stale. */
  identity: string;
}

/**
 * The package behind `bin` when `bin` is (a link to) its own `bin/openspec.js`;
 * undefined for any other binary (a wrapper script, a pnpm shim, another CLI).
 * A realpath, a few stats and one small read: cheap enough for every command.
 */
export function resolveOpenSpecPackage(bin: string): OpenSpecPackage | undefined {
  let entry: string;
  try {
    entry = realpathSync(bin);
  } catch {
    return undefined;
  }
  for (let folder = dirname(entry); ; folder = dirname(folder)) {
    const manifest = join(folder, "package.json");
    const identity = fileIdentity(manifest);
    if (identity !== undefined) {
      return ownEntry(folder, manifest, entry) ? describe(folder, identity) : undefined;
    }
    if (dirname(folder) === folder) return undefined;
  }
}

function fileIdentity(path: string): string | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats?.isFile() ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : undefined;
}

// The nearest package.json must be OpenSpec's, and its `bin.openspec` must be
// the very file the binary resolves to.
function ownEntry(folder: string, manifest: string, entry: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(manifest, "utf8"));
  } catch {
    return false;
  }
  if (typeof parsed !== "object" || parsed === null) return false;
  const { name, bin } = parsed as Record<string, unknown>;
  if (name !== PACKAGE_NAME || typeof bin !== "object" || bin === null) return false;
  const declared = (bin as Record<string, unknown>).openspec;
  return typeof declared === "string" && resolve(folder, declared) === entry;
}

function describe(root: string, manifestIdentity: string): OpenSpecPackage | undefined {
  const cliEntry = join(root, "dist", "cli", "index.js");
  const entryIdentity = fileIdentity(cliEntry);
  if (entryIdentity === undefined) return undefined;
  return { root, cliEntry, identity: `${root}|${manifestIdentity}|${entryIdentity}` };
}
