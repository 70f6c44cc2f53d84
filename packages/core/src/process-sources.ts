import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { basename } from "node:path";
import { openRepository } from "@org/openspec-artifacts/context";
import type { Source } from "@org/openspec-registry";
import type { CatalogContext } from "./catalog-context.js";
import { sourceFailure } from "./source-failure.js";
import type { ToolFailure } from "./tool-result.js";

/**
 * A repository this catalog serves as a source without it being registered:
 * known to this process only (the dashboard's working folder), never written
 * to the registry and never named by a tool's input.
 */
export type ProcessSource = {
  /**
   * `os_` and 8 hex digits of the SHA-256 of the folder's real path: stable
   * for the folder, and never a registry token (those have 6), so neither can
   * take the other's calls.
   */
  token: string;
  /** The folder's basename. */
  displayName: string;
  /** The folder that holds `openspec/`. */
  path: string;
};

/** A process source as `catalog.processSources()` lists it. */
export type ProcessSourceView = {
  token: string;
  display_name: string;
  path: string;
  registered: false;
};

/**
 * The process sources now: each configured folder, or the nearest folder above
 * it, that holds `openspec/` (found as for a `workdir`, since the OpenSpec CLI
 * looks for it so), less those a registered source holds (the same folder, also
 * through a symlink): the registered source wins. A folder with no `openspec/`
 * at or above it is no source until it has one.
 */
export async function listProcessSources(
  context: CatalogContext,
): Promise<ProcessSource[] | ToolFailure> {
  if (context.processFolders.length === 0) return [];
  const found = new Map<string, ProcessSource>();
  for (const folder of context.processFolders) {
    const opened = openRepository(folder);
    if (!opened.ok || !opened.repository.hasOpenSpec) continue;
    const { root, realRoot } = opened.repository;
    if (found.has(realRoot)) continue;
    found.set(realRoot, { token: processToken(realRoot), displayName: basename(root), path: root });
  }
  if (found.size === 0) return [];
  const registry = await context.registry();
  if (!registry.ok) return registry;
  const listed = await registry.registry.list();
  if (!listed.ok) return sourceFailure(listed);
  const held = new Set(listed.sources.map(realFolder));
  return [...found].filter(([real]) => !held.has(real)).map(([, source]) => source);
}

function processToken(realRoot: string): string {
  return `os_${createHash("sha256").update(realRoot).digest("hex").slice(0, 8)}`;
}

function realFolder(source: Source): string {
  try {
    return realpathSync.native(source.path);
  } catch {
    // A source whose folder is gone holds no folder.
    return source.path;
  }
}
