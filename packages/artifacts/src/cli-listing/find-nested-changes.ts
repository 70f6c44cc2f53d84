import type { FolderTree } from "./read-folder-tree.js";

/** Files only ever at the root of a change, as `openspec list` looks for them. */
const CHANGE_ROOT_MARKERS = new Set([".openspec.yaml", "proposal.md", "tasks.md", "design.md"]);
/** How far below a folder `openspec list` looks for a nested change. */
const MAX_NESTING_DEPTH = 3;

/**
 * The change folders nested inside `changes/<name>/` when that folder is not a
 * change of its own but wraps them (`changes/mobile/refresh-token/`), sorted,
 * or undefined for every ordinary change: the CLI lists such a folder with
 * `nested` and a `nested_change_directory` warning. Read from the tree the
 * listing already walked, for the built-in schema, whose outputs (proposal,
 * design, tasks, `specs/**\/*.md`) the two other signals already cover.
 */
export function findNestedChanges(name: string, tree: FolderTree): string[] | undefined {
  if (name.startsWith(".") || looksLikeChange(tree) || hasOwnFile(tree)) return undefined;
  const nested: string[] = [];
  collectNested(tree, name, 1, nested);
  return nested.length === 0 ? undefined : nested.sort();
}

/** A change root marker, or any file under `specs/`. */
function looksLikeChange(tree: FolderTree): boolean {
  if (tree.entries.some((entry) => entry.isFile() && CHANGE_ROOT_MARKERS.has(entry.name))) {
    return true;
  }
  const specs = tree.folders.get("specs");
  return specs !== undefined && hasAnyFileUnder(specs);
}

/** Any file (not a folder) whose name and folders do not start with a dot. */
function hasAnyFileUnder(tree: FolderTree): boolean {
  for (const entry of tree.entries) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isFile()) return true;
    const below = tree.folders.get(entry.name);
    if (below !== undefined && hasAnyFileUnder(below)) return true;
  }
  return false;
}

function hasOwnFile(tree: FolderTree): boolean {
  return tree.entries.some((entry) => !entry.name.startsWith(".") && !entry.isDirectory());
}

function collectNested(tree: FolderTree, prefix: string, depth: number, found: string[]): void {
  if (depth > MAX_NESTING_DEPTH) return;
  for (const entry of tree.entries) {
    const child = tree.folders.get(entry.name);
    if (child === undefined || entry.name.startsWith(".")) continue;
    const id = `${prefix}/${entry.name}`;
    if (looksLikeChange(child)) {
      found.push(id);
      continue;
    }
    collectNested(child, id, depth + 1, found);
  }
}

/** The sentence the CLI prints for a folder wrapping changes (`describeNestedChange`). */
export function describeNestedChange(name: string, nested: string[]): string {
  const list = nested.map((id) => `openspec/changes/${id}/`).join(", ");
  const example = (nested[0] ?? "").split("/").join("-");
  return (
    `"${name}" is not a change: it is a folder wrapping ${list}. ` +
    "A change must be a directory directly under openspec/changes/, so those " +
    "nested directories are invisible to OpenSpec while the folder around them " +
    "is reported as a change. Nested paths are supported under openspec/specs/ " +
    `only. Rename each nested change to a flat name (for example "${example}").`
  );
}
