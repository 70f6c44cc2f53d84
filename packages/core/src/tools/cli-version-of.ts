import { readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

const versions = new Map<string, string | null>();

/**
 * The version of the `@fission-ai/openspec` package a located CLI belongs to
 * (its entry, links resolved, sits in the package's `bin/`), or null when the
 * binary is something else (a wrapper, another tool). Read once per path: a
 * reader that reproduces one CLI version's output answers only for it.
 */
export function cliVersionOf(bin: string): string | null {
  const known = versions.get(bin);
  if (known !== undefined) return known;
  let version: string | null = null;
  try {
    const manifest = JSON.parse(
      readFileSync(join(dirname(dirname(realpathSync(bin))), "package.json"), "utf8"),
    ) as { name?: unknown; version?: unknown };
    if (manifest.name === "@fission-ai/openspec" && typeof manifest.version === "string") {
      version = manifest.version;
    }
  } catch {
    // Not inside an OpenSpec package: its version is unknown.
  }
  versions.set(bin, version);
  return version;
}
