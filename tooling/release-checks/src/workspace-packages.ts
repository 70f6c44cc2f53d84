import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository this package sits in (tooling/release-checks/src → three levels up). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export type Manifest = {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  repository?: { type?: string; url?: string; directory?: string };
  publishConfig?: { access?: string };
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: Record<string, string | Record<string, string>>;
  files?: string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

export type WorkspacePackage = {
  /** Relative to the repository root, e.g. `apps/cli`. */
  folder: string;
  dir: string;
  manifest: Manifest;
};

/** The groups of pnpm-workspace.yaml. */
const GROUPS = ["packages", "apps", "tooling"];

/** Every workspace package, read from its package.json. */
export function workspacePackages(root: string = REPO_ROOT): WorkspacePackage[] {
  const found: WorkspacePackage[] = [];
  for (const group of GROUPS) {
    if (!existsSync(join(root, group))) continue;
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const dir = join(root, group, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, "package.json"))) continue;
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
      found.push({ folder: `${group}/${entry.name}`, dir, manifest });
    }
  }
  return found;
}

/**
 * What gets published: every package that does not say `"private": true`.
 * Derived, not listed, so a new app is packed, installed and checked as soon
 * as it is made publishable.
 */
export function publishablePackages(root: string = REPO_ROOT): WorkspacePackage[] {
  return workspacePackages(root).filter((pkg) => pkg.manifest.private !== true);
}
