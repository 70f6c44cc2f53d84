import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY } from "./repository.js";

export type Layer = "library" | "core" | "host" | "app";

export type ProductPackage = {
  name: string;
  /** Its folder from the checkout's root, e.g. `packages/mcp-host`. */
  folder: string;
  layer: Layer;
  /** What it needs at run time: its `dependencies`. */
  dependencies: string[];
  /** Every package it names in `dependencies`, `devDependencies`, `peerDependencies` or `optionalDependencies`. */
  everyDependency: string[];
};

/** The hosts: everything else under packages/ is core or a library under it. */
const HOSTS = new Set(["packages/mcp-host", "packages/hermes-host", "packages/dashboard-host"]);

/**
 * Every package of the product (under packages/ and apps/, not tooling/),
 * with its layer, read from the folders and manifests themselves so a new
 * package is held to the rule without a list to update.
 */
export function productPackages(): ProductPackage[] {
  return ["packages", "apps"].flatMap((group) =>
    readdirSync(join(REPOSITORY, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => {
        const folder = `${group}/${entry.name}`;
        const manifest = JSON.parse(readFileSync(join(REPOSITORY, folder, "package.json"), "utf8"));
        const namesIn = (field: string): string[] => Object.keys(manifest[field] ?? {});
        return {
          name: manifest.name as string,
          folder,
          layer: layerOf(folder),
          dependencies: namesIn("dependencies"),
          everyDependency: [
            "dependencies",
            "devDependencies",
            "peerDependencies",
            "optionalDependencies",
          ].flatMap(namesIn),
        };
      }),
  );
}

function layerOf(folder: string): Layer {
  if (folder.startsWith("apps/")) return "app";
  if (folder === "packages/core") return "core";
  return HOSTS.has(folder) ? "host" : "library";
}
