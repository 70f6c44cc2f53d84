import { lookUpOpenSpecPackage } from "./resolve-openspec-package.js";

/** Whether warm workers can serve a binary's commands, and why not. */
export type WarmPoolTarget =
  | { ok: true; package_root: string; via: "entry" | "shim" }
  | { ok: false; reason: string };

/**
 * What the pool would make of `bin`: the `@fission-ai/openspec` package its
 * workers would import, reached through the package's own bin (or a link to
 * it) or an npm/pnpm shell shim; or one sentence on why its commands run cold.
 * For status displays; the pool itself checks every command.
 */
export function checkWarmPoolTarget(bin: string): WarmPoolTarget {
  const found = lookUpOpenSpecPackage(bin);
  return found.ok
    ? { ok: true, package_root: found.pkg.root, via: found.pkg.via }
    : { ok: false, reason: found.reason };
}
