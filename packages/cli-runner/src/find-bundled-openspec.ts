import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const PACKAGE_NAME = "@fission-ai/openspec";

let cached: string | null | undefined;

/**
 * The `bin/openspec.js` of the `@fission-ai/openspec` this installation itself
 * resolves (cli-runner's own dependency), or null when it cannot be resolved.
 * Resolved once per process: the installation does not change while it runs.
 */
export function findBundledOpenSpec(): string | null {
  if (cached === undefined) cached = resolveBundled();
  return cached;
}

function resolveBundled(): string | null {
  let main: string;
  try {
    main = createRequire(import.meta.url).resolve(PACKAGE_NAME);
  } catch {
    return null;
  }
  // The package exports only its library entry, not package.json, so walk up to it.
  for (let folder = dirname(main); dirname(folder) !== folder; folder = dirname(folder)) {
    const script = binScriptOf(folder);
    if (script !== undefined) return script;
  }
  return null;
}

function binScriptOf(folder: string): string | null | undefined {
  const manifest = join(folder, "package.json");
  if (!statSync(manifest, { throwIfNoEntry: false })?.isFile()) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, unknown>;
    if (parsed.name !== PACKAGE_NAME) return undefined;
    const bin = parsed.bin as Record<string, unknown> | undefined;
    const declared = typeof bin === "object" && bin !== null ? bin.openspec : undefined;
    return typeof declared === "string" ? resolve(folder, declared) : null;
  } catch {
    return null;
  }
}
