import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import type { Manifest } from "./workspace-packages.js";

// Static imports and re-exports, bare side-effect imports, and import() with a literal.
const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\s[^'"`;]*?\sfrom\s*["']([^"'`$]+)["']/gm,
  /^\s*import\s*["']([^"'`$]+)["']/gm,
  /\bimport\s*\(\s*["']([^"'`$]+)["']\s*\)/g,
];

/**
 * Every package an installed package's JavaScript imports at run time that is
 * neither a Node built-in nor in its dependencies (a devDependency would work
 * in the workspace, where pnpm links it, and fail for a user).
 */
export function runtimeImportProblems(installedDir: string, manifest: Manifest): string[] {
  const allowed = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  const problems: string[] = [];
  for (const file of javascriptFiles(installedDir)) {
    const text = readFileSync(file, "utf8");
    for (const pattern of IMPORT_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const specifier = match[1] ?? "";
        if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:"))
          continue;
        const name = specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : (specifier.split("/")[0] ?? specifier);
        if (builtinModules.includes(name) || allowed.has(name)) continue;
        problems.push(
          `${manifest.name}: ${file.slice(installedDir.length + 1)} imports ${specifier}, which is not a dependency`,
        );
      }
    }
  }
  return problems;
}

function javascriptFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...javascriptFiles(path));
    else if (/\.(m?js|cjs)$/.test(entry.name)) found.push(path);
  }
  return found;
}
