import { readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readShimTargets } from "./read-shim-targets.js";

const PACKAGE_NAME = "@fission-ai/openspec";

/** An installed `@fission-ai/openspec` whose JavaScript entry a binary path leads to. */
export interface OpenSpecPackage {
  root: string;
  /** `<root>/dist/cli/index.js`, which exports `runCli(argv)`. */
  cliEntry: string;
  /** Changes when the package is reinstalled or upgraded in place: workers of another identity are stale. */
  identity: string;
  /** How the binary leads there: it is the entry (or a link to it), or a package manager's shell shim. */
  via: "entry" | "shim";
}

export type OpenSpecPackageLookup =
  | { ok: true; pkg: OpenSpecPackage }
  | {
      ok: false /** One sentence: why a warm worker cannot stand in for this binary. */;
      reason: string;
    };

/**
 * The package behind `bin` when `bin` is (a link to) its own `bin/openspec.js`,
 * or a shell shim of npm or pnpm (cmd-shim style) whose only target is that
 * file; for any other binary (a wrapper script, another CLI), the reason there
 * is no package. A realpath, a few stats and small reads: cheap enough for
 * every command.
 */
export function lookUpOpenSpecPackage(bin: string): OpenSpecPackageLookup {
  const direct = packageOfEntry(bin);
  if (direct.ok) return { ok: true, pkg: { ...direct.pkg, via: "entry" } };
  const shim = readShimTargets(bin);
  if (shim.kind === "not_a_shim") return direct;
  if (shim.kind === "unsupported") return { ok: false, reason: shim.reason };
  // Only the package's own bin counts as a target, never another shim or script.
  const target = packageOfEntry(shim.target);
  if (!target.ok) {
    return {
      ok: false,
      reason: `${bin} is a shell shim for ${shim.target}, which is not the bin of ${PACKAGE_NAME}.`,
    };
  }
  return { ok: true, pkg: { ...target.pkg, via: "shim" } };
}

function packageOfEntry(
  bin: string,
): { ok: true; pkg: Omit<OpenSpecPackage, "via"> } | { ok: false; reason: string } {
  let entry: string;
  try {
    entry = realpathSync(bin);
  } catch {
    return { ok: false, reason: `${bin} does not exist.` };
  }
  const notOurs = {
    ok: false as const,
    reason: `${bin} is neither the bin of ${PACKAGE_NAME} nor an npm or pnpm shim for it.`,
  };
  for (let folder = dirname(entry); ; folder = dirname(folder)) {
    const manifest = join(folder, "package.json");
    const identity = fileIdentity(manifest);
    if (identity !== undefined) {
      if (!ownEntry(folder, manifest, entry)) return notOurs;
      const pkg = describe(folder, identity);
      return pkg === undefined
        ? { ok: false, reason: `${join(folder, "dist", "cli", "index.js")} is missing.` }
        : { ok: true, pkg };
    }
    if (dirname(folder) === folder) return notOurs;
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

function describe(
  root: string,
  manifestIdentity: string,
): Omit<OpenSpecPackage, "via"> | undefined {
  const cliEntry = join(root, "dist", "cli", "index.js");
  const entryIdentity = fileIdentity(cliEntry);
  if (entryIdentity === undefined) return undefined;
  return { root, cliEntry, identity: `${root}|${manifestIdentity}|${entryIdentity}` };
}
