import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PackedPackage } from "./pack-workspace-packages.js";
import { publishablePackages } from "./workspace-packages.js";

const DEPENDENCY_FIELDS = ["dependencies", "peerDependencies", "optionalDependencies"] as const;

/**
 * What is wrong with one packed package, one sentence each: a file its
 * package.json points at (main, types, bin, exports) missing from the tarball,
 * a built file whose source is gone (a stale dist/ would ship it), a
 * `workspace:` range pnpm did not rewrite, a dependency on a private package,
 * and the publishing fields a registry and changesets need.
 */
export function tarballContentProblems({ pkg, files, manifest }: PackedPackage): string[] {
  const problems: string[] = [];
  const where = pkg.folder;
  const shipped = new Set(files);
  const source = pkg.manifest;

  for (const target of pointedAt(source)) {
    if (!shipped.has(target))
      problems.push(`${where}: ${target} is referenced by package.json but not in the tarball`);
  }
  for (const file of files) {
    // An app's bundle is built from its dist/ (which each build empties first), not from one source file.
    if (file.startsWith("dist/bundle/")) continue;
    const built = /^dist\/(.+)\.(js|d\.ts)$/.exec(file);
    if (built === null) continue;
    const stem = built[1] ?? "";
    if (![".ts", ".tsx", ".mts"].some((ext) => existsSync(join(pkg.dir, "src", `${stem}${ext}`)))) {
      problems.push(`${where}: ${file} has no source in src/ (a stale build output)`);
    }
  }
  const publishable = new Set(publishablePackages().map((entry) => entry.manifest.name));
  const workspaceNames = new Set([...publishable]);
  for (const field of DEPENDENCY_FIELDS) {
    const packedRanges = (manifest[field] ?? {}) as Record<string, string>;
    for (const [name, range] of Object.entries(packedRanges)) {
      if (range.startsWith("workspace:"))
        problems.push(`${where}: ${field}.${name} is still ${range} in the tarball`);
    }
    for (const [name, range] of Object.entries(source[field] ?? {})) {
      if (!range.startsWith("workspace:")) continue;
      if (!workspaceNames.has(name))
        problems.push(`${where}: ${field}.${name} is a private workspace package`);
      if (range !== "workspace:^") {
        problems.push(
          `${where}: ${field}.${name} is ${range}; use workspace:^ so a release publishes a caret range`,
        );
      }
    }
  }
  if (!source.license) problems.push(`${where}: no license`);
  if (source.repository?.url === undefined || source.repository.directory !== pkg.folder) {
    problems.push(`${where}: repository must give the url and directory "${pkg.folder}"`);
  }
  if (source.publishConfig?.access !== "public")
    problems.push(`${where}: publishConfig.access is not "public"`);
  return problems;
}

/** Every file package.json names as an entry: main, types, each bin and each exports target. */
function pointedAt(manifest: PackedPackage["pkg"]["manifest"]): string[] {
  const targets: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === "string") targets.push(value.replace(/^\.\//, ""));
    else if (typeof value === "object" && value !== null)
      for (const inner of Object.values(value)) add(inner);
  };
  add(manifest.main);
  add(manifest.types);
  add(manifest.bin);
  add(manifest.exports);
  return targets.filter((target) => !target.includes("*"));
}
