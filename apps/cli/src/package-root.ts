import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "@org/openspec-cli";

let found: string | undefined;

/**
 * This package's folder, found by walking up from the running module: the
 * same code runs from src/ (tests), dist/ and dist/bundle/ (the bin), each at
 * a different depth.
 */
export function packageRoot(): string {
  found ??= walkUp(dirname(fileURLToPath(import.meta.url)));
  return found;
}

/** The parsed package.json of this package. */
export function packageManifest(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as Record<
    string,
    unknown
  >;
}

function walkUp(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
        name?: unknown;
      };
      if (manifest.name === PACKAGE_NAME) return folder;
    } catch {
      // No manifest here, or not JSON: keep climbing.
    }
    if (dirname(folder) === folder)
      throw new Error(`${PACKAGE_NAME}'s package.json not found above ${start}`);
  }
}
