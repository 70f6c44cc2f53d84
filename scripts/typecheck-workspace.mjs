// Every package's `typecheck` (its src with the tests, `tsc --noEmit`) in as few
// TypeScript programs as can prove the same: the packages whose tsconfig.json is
// the shared base over `src` with the same compiler options are checked in one
// program. Each `tsc` process spends seconds parsing @types/node, zod and the
// other declarations before it reaches a package's own files; one program per
// shape parses them once. A package is checked on its own, with its own script,
// when anything could make a shared program more lenient for it: a tsconfig of
// another shape, another typecheck command, or a `/// <reference ...>` in its
// sources (which adds to the globals of every file in the program, e.g. DOM).
//
// `node scripts/typecheck-workspace.mjs` checks the whole workspace and exits with
// the first failure's code; `pnpm test` runs it as one of its tasks.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const SHARED_BASE = "@org/tsconfig/base.json";
const PLAIN_TYPECHECK = "tsc -p tsconfig.json --noEmit";
const REFERENCE_DIRECTIVE = /^\s*\/\/\/\s*<reference\b/m;

/**
 * The commands that type-check `packages` (each `{ folder, name, scripts }`, folders
 * relative to `root`): one `tsc` per shared shape of two or more packages, and each
 * other package's own `typecheck` script.
 */
export function typecheckCommands(root, packages) {
  const groups = new Map();
  const alone = [];
  for (const pkg of packages.filter((candidate) => candidate.scripts.typecheck)) {
    const key = sharedShape(root, pkg);
    if (key === undefined) alone.push(pkg);
    else groups.set(key, [...(groups.get(key) ?? []), pkg]);
  }
  const commands = [];
  let index = 0;
  for (const [key, members] of groups) {
    if (members.length < 2) {
      alone.push(...members);
      continue;
    }
    const { base, compilerOptions } = JSON.parse(key);
    const config = join(root, "node_modules", ".cache", "typecheck-workspace", `${index++}.json`);
    mkdirSync(join(config, ".."), { recursive: true });
    writeFileSync(
      config,
      `${JSON.stringify(
        {
          extends: base,
          // Incremental: a later run re-checks only what changed since (TypeScript's own
          // build info, next to this file): 3 s instead of 8 s for the whole workspace when nothing did.
          compilerOptions: {
            ...compilerOptions,
            noEmit: true,
            incremental: true,
            tsBuildInfoFile: `${config}.tsbuildinfo`,
          },
          include: members.map((pkg) => join(root, pkg.folder, "src")),
        },
        null,
        2,
      )}\n`,
    );
    commands.push({
      label: members.map((pkg) => pkg.folder).join(", "),
      command: "pnpm",
      args: ["exec", "tsc", "-p", relative(root, config)],
    });
  }
  for (const pkg of alone) {
    commands.push({
      label: pkg.folder,
      command: "pnpm",
      args: ["--filter", pkg.name, "run", "typecheck"],
    });
  }
  return commands;
}

/** The package's program settings when they can be shared, as a key; otherwise undefined. */
function sharedShape(root, pkg) {
  if (pkg.scripts.typecheck !== PLAIN_TYPECHECK) return undefined;
  const dir = join(root, pkg.folder);
  const file = join(dir, "tsconfig.json");
  if (!existsSync(file) || hasReferenceDirective(join(dir, "src"))) return undefined;
  const config = readJsonWithComments(file);
  if (typeof config !== "object" || config === null || Array.isArray(config)) return undefined;
  const { extends: base, include, compilerOptions = {}, ...rest } = config;
  if (Object.keys(rest).length > 0 || base !== SHARED_BASE) return undefined;
  if (JSON.stringify(include) !== JSON.stringify(["src"])) return undefined;
  let resolvedBase;
  try {
    resolvedBase = createRequire(join(dir, "package.json")).resolve(SHARED_BASE);
  } catch {
    return undefined;
  }
  const sorted = Object.fromEntries(
    Object.entries(compilerOptions).sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify({ base: resolvedBase, compilerOptions: sorted });
}

/**
 * A tsconfig file's own settings (JSON with comments and trailing commas), or undefined when it
 * cannot be read. Written here because TypeScript 7 has no JavaScript API to read one with.
 */
function readJsonWithComments(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  let plain = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      // A string, escapes and all: "//" inside one is not a comment.
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      plain += text.slice(i, end + 1);
      i = end;
    } else if (char === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      plain += "\n";
    } else if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else {
      plain += char;
    }
  }
  try {
    return JSON.parse(plain.replace(/,(\s*[}\]])/g, "$1"));
  } catch {
    return undefined;
  }
}

function hasReferenceDirective(dir) {
  if (!existsSync(dir)) return false;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(c|m)?(t|j)sx?$/.test(entry.name)) continue;
    if (REFERENCE_DIRECTIVE.test(readFileSync(join(entry.parentPath, entry.name), "utf8"))) {
      return true;
    }
  }
  return false;
}

/** Every workspace package: its folder (e.g. `apps/cli`), name and scripts. */
export function workspacePackages(root) {
  const found = [];
  for (const group of ["packages", "apps", "tooling"]) {
    if (!existsSync(join(root, group))) continue;
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const manifest = join(root, group, entry.name, "package.json");
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const { name, scripts } = JSON.parse(readFileSync(manifest, "utf8"));
      found.push({ folder: `${group}/${entry.name}`, name, scripts: scripts ?? {} });
    }
  }
  return found;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = new URL("..", import.meta.url).pathname;
  let exitCode = 0;
  for (const { label, command, args } of typecheckCommands(root, workspacePackages(root))) {
    console.log(`typecheck: ${label}`);
    const status = spawnSync(command, args, { cwd: root, stdio: "inherit" }).status ?? 1;
    if (status !== 0 && exitCode === 0) exitCode = status;
  }
  process.exit(exitCode);
}
