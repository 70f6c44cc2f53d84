import { spawnSync } from "node:child_process";
import { relative } from "node:path";
import { REPOSITORY } from "./repository.js";

export type PublishablePackage = { name: string; version: string; folder: string };

/**
 * Every workspace package a release publishes (those without `"private":
 * true`), as pnpm itself lists the workspace, so the docs' lists are held to
 * the workspace and not to another list.
 */
export function publishablePackages(): PublishablePackage[] {
  const listed = spawnSync("pnpm", ["ls", "--recursive", "--depth", "-1", "--json"], {
    cwd: REPOSITORY,
    encoding: "utf8",
  });
  if (listed.status !== 0) throw new Error(`pnpm ls failed: ${listed.stderr}`);
  const projects = JSON.parse(listed.stdout) as {
    name: string;
    version?: string;
    path: string;
    private: boolean;
  }[];
  return projects
    .filter((project) => !project.private)
    .map((project) => ({
      name: project.name,
      version: project.version ?? "0.0.0",
      folder: relative(REPOSITORY, project.path),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
