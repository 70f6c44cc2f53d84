import { createRequire } from "node:module";

/**
 * The version in the package.json one folder above the module at `moduleUrl`
 * (a package's src/ or dist/), or "0.0.0" when it has none. Each package calls
 * it from its own `package-version.ts`, the file the bundler (tooling/bundle)
 * replaces with the version written out, since a bundle's chunk no longer sits
 * beside its package's manifest.
 */
export function readPackageVersion(moduleUrl: string): string {
  const manifest: unknown = createRequire(moduleUrl)("../package.json");
  return typeof manifest === "object" &&
    manifest !== null &&
    "version" in manifest &&
    typeof manifest.version === "string"
    ? manifest.version
    : "0.0.0";
}
