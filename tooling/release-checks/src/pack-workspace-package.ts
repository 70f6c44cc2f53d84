import { describeRun, runCommand } from "./run-command.js";
import { REPO_ROOT, type WorkspacePackage } from "./workspace-packages.js";

export type PackedPackage = {
  pkg: WorkspacePackage;
  tarball: string;
  /** The paths inside the tarball, relative to its package root. */
  files: string[];
  /** The package.json as packed (workspace: ranges rewritten). */
  manifest: Record<string, unknown>;
};

/** `pnpm pack` of one package into `destination`, as a release would publish it. */
export async function packWorkspacePackage(
  pkg: WorkspacePackage,
  destination: string,
): Promise<PackedPackage> {
  const run = await runCommand("pnpm", ["pack", "--json", "--pack-destination", destination], {
    cwd: pkg.dir,
    env: process.env,
  });
  if (run.status !== 0) throw new Error(`pnpm pack of ${pkg.folder} failed: ${describeRun(run)}`);
  // Lifecycle output may precede the JSON; it is the last top-level object.
  const json = run.stdout.slice(run.stdout.indexOf("{\n"));
  const packed = JSON.parse(json) as { filename: string; files: { path: string }[] };
  const manifest = await packedManifest(packed.filename);
  return { pkg, tarball: packed.filename, files: packed.files.map((file) => file.path), manifest };
}

async function packedManifest(tarball: string): Promise<Record<string, unknown>> {
  const run = await runCommand("tar", ["-xzOf", tarball, "package/package.json"], {
    cwd: REPO_ROOT,
    env: process.env,
  });
  if (run.status !== 0) throw new Error(`reading package.json of ${tarball}: ${describeRun(run)}`);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}
