import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importedPackages } from "./imported-packages.js";
import { productFiles } from "./product-files.js";
import { type Layer, type ProductPackage, productPackages } from "./product-packages.js";
import { REPOSITORY } from "./repository.js";

const PACKAGES = productPackages();
const BY_NAME = new Map(PACKAGES.map((pkg) => [pkg.name, pkg]));
const RANK: Record<Layer, number> = { library: 0, core: 1, host: 2, app: 3 };
/**
 * What @org/bundle leaves outside every bundle it makes (a native addon, and the
 * OpenSpec CLI, which is run, never imported): a package that bundles needs
 * them installed beside its bundle without importing them by name.
 */
const OUTSIDE_EVERY_BUNDLE = ["better-sqlite3", "pg", "@fission-ai/openspec"];

/** The product code of a package: src/ without tests and their helpers, and its bin/ launchers. */
function productSources(pkg: ProductPackage): { file: string; text: string }[] {
  const folder = join(REPOSITORY, pkg.folder);
  const bin = join(folder, "bin");
  const launchers = existsSync(bin)
    ? readdirSync(bin)
        .filter((name) => /\.[cm]?js$/.test(name))
        .map((name) => join(bin, name))
    : [];
  return [...productFiles(join(folder, "src")), ...launchers].map((file) => ({
    file: file.slice(REPOSITORY.length + 1),
    text: readFileSync(file, "utf8"),
  }));
}

describe("the layering rule (apps → hosts → core → libraries)", () => {
  it("GIVEN every package's manifest WHEN its dependencies of every kind are read THEN no app names another app, so each app releases on its own", () => {
    const appOnApp = PACKAGES.filter((pkg) => pkg.layer === "app").flatMap((app) =>
      app.everyDependency
        .filter((name) => BY_NAME.get(name)?.layer === "app")
        .map((name) => `${app.folder} depends on the app ${name}`),
    );
    expect(appOnApp).toEqual([]);
  });

  it("GIVEN the product code of every package WHEN its imports of our packages are read THEN each names a package its dependencies declare, one layer or more below (a library may use another library; an app uses hosts and core, never a library)", () => {
    const wrong = PACKAGES.flatMap((pkg) =>
      productSources(pkg).flatMap(({ file, text }) =>
        [...importedPackages(text)].flatMap((name) => {
          const imported = BY_NAME.get(name);
          if (imported === undefined || imported === pkg) return [];
          // An app that ships its bundle alone needs what the bundle holds at build time only.
          const declared = shipsBundleAlone(pkg) ? pkg.everyDependency : pkg.dependencies;
          if (!declared.includes(name))
            return [`${file} imports ${name}, which ${pkg.folder}/package.json does not depend on`];
          const downward =
            RANK[imported.layer] < RANK[pkg.layer] ||
            (pkg.layer === "library" && imported.layer === "library");
          if (!downward) return [`${file} (${pkg.layer}) imports ${name} (${imported.layer})`];
          if (pkg.layer === "app" && imported.layer === "library")
            return [`${file} (an app) imports the library ${name}: apps use hosts and core`];
          return [];
        }),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("GIVEN every package's dependencies WHEN its product code is read THEN each is imported (or named, for a package located at run time), or is one the bundle of a bundling package leaves outside: no dependency is left unused", () => {
    const unused = PACKAGES.flatMap((pkg) => {
      const sources = productSources(pkg);
      const imported = new Set(sources.flatMap(({ text }) => [...importedPackages(text)]));
      const bundles = existsSync(join(REPOSITORY, pkg.folder, "scripts", "bundle.mjs"));
      return pkg.dependencies
        .filter(
          (name) =>
            !imported.has(name) &&
            !imported.has(name.replace(/^@types\//, "")) &&
            !sources.some(({ text }) => text.includes(`"${name}"`)) &&
            !(bundles && OUTSIDE_EVERY_BUNDLE.includes(name)),
        )
        .map((name) => `${pkg.folder} depends on ${name} and never uses it`);
    });
    expect(unused).toEqual([]);
  });
});

/** Whether a package publishes only its bundle (`files` names `dist/bundle`, not `dist`): its imports are bundled. */
function shipsBundleAlone(pkg: { folder: string }): boolean {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY, pkg.folder, "package.json"), "utf8"));
  const files: string[] = manifest.files ?? [];
  return files.includes("dist/bundle") && !files.includes("dist");
}
