import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import type { AsyncRegistry, Source } from "@org/openspec-registry";
import { sourceFailure } from "../source-failure.js";
import type { ToolFailure } from "../tool-result.js";
import { checkStoreFolder } from "./check-store-folder.js";
import type { OpenSpecStore } from "./list-openspec-stores.js";
import type { AddedStore, SkippedStore } from "./source-import-output.js";

/** The longest vanity name the registry takes. */
const MAX_NAME_LENGTH = 64;
/** Suffixed names tried after the store id: `<id>-store`, then `<id>-store-2` … `-9`. */
const SUFFIXED_NAMES = 9;

/**
 * Registers each store as a source named after its id, through the registry's
 * own `addAsync` (the path and name checks of `openspec_source_add`). A
 * folder a source already holds is skipped, so a second run adds nothing.
 * When another source already answers to the id, the store gets the first
 * free `<id>-store…` name: existing sources are never renamed, and a name
 * never starts to mean another folder. With `dryRun`, the same decisions
 * are made against the registry as it is, and nothing is written.
 */
export async function importOpenSpecStores(
  registry: AsyncRegistry,
  stores: readonly OpenSpecStore[],
  dryRun: boolean,
): Promise<{ ok: true; added: AddedStore[]; skipped: SkippedStore[] } | ToolFailure> {
  const listed = await registry.list();
  if (!listed.ok) return sourceFailure(listed);
  const known = listed.sources.map((source) => ({ source, real: realPathOf(source.path) }));
  const added: AddedStore[] = [];
  const skipped: SkippedStore[] = [];
  // A dry run writes nothing, so it remembers what it would have added.
  const plannedFolders = new Set<string>();
  const plannedNames = new Set<string>();

  for (const store of stores) {
    const skip = (reason: SkippedStore["reason"], detail: string, owner: Source | null = null) =>
      skipped.push({
        store: store.id,
        path: store.root,
        reason,
        detail,
        source: owner ? { token: owner.token, display_name: owner.displayName } : null,
      });
    const folderProblem = checkStoreFolder(store.id, store.root);
    if (folderProblem) {
      skip(folderProblem.reason, folderProblem.detail);
      continue;
    }
    const real = realPathOf(store.root);
    const owner = known.find(
      (entry) => entry.source.path === resolve(store.root) || entry.real === real,
    )?.source;
    if (owner) {
      skip("already_registered", alreadyRegistered(store, owner), owner);
      continue;
    }
    if (plannedFolders.has(real)) {
      skip(
        "already_registered",
        `The folder ${store.root} is another store's too; it is added once.`,
      );
      continue;
    }
    if (store.id.length > MAX_NAME_LENGTH) {
      skip(
        "invalid_name",
        `The store id is longer than ${MAX_NAME_LENGTH} characters, the limit of a source's name; register it under a shorter one with: openspec-agent sources add ${store.root} --name <name>.`,
      );
      continue;
    }
    let outcome: "added" | "skipped" | undefined;
    for (const name of candidateNames(store.id)) {
      const taken = await nameTaken(registry, name, plannedNames);
      if (typeof taken !== "boolean") return withAdded(taken, added);
      if (taken) continue;
      if (dryRun) {
        plannedFolders.add(real);
        plannedNames.add(name.toLowerCase());
        added.push({ store: store.id, name, path: resolve(store.root), token: null });
        outcome = "added";
        break;
      }
      const result = await registry.add({ path: store.root, name });
      if (result.ok) {
        const { source } = result;
        known.push({ source, real });
        added.push({ store: store.id, name, path: source.path, token: source.token });
        outcome = "added";
        break;
      }
      // Another process took the name between the check and the write: try the next one.
      if (result.code === "duplicate_source_name") continue;
      if (result.code === "duplicate_source_path") {
        const holder = result.candidates?.[0] ?? null;
        skip("already_registered", result.error, holder);
      } else if (result.code === "invalid_name") {
        skip("invalid_name", result.error);
      } else if (result.code === "invalid_path") {
        skip("path_missing", result.error);
      } else {
        return withAdded(sourceFailure(result), added);
      }
      outcome = "skipped";
      break;
    }
    if (outcome === undefined) {
      skip(
        "name_taken",
        `Other sources already answer to ${store.id} and to each ${store.id}-store name tried; register it under a name of your own with: openspec-agent sources add ${store.root} --name <name>.`,
      );
    }
  }
  return { ok: true, added, skipped };
}

/** The store id, then `<id>-store`, `<id>-store-2` …, each within the name length limit. */
function candidateNames(id: string): string[] {
  const suffixed = Array.from({ length: SUFFIXED_NAMES }, (_, index) =>
    index === 0 ? `${id}-store` : `${id}-store-${index + 1}`,
  );
  return [id, ...suffixed].filter((name) => name.length <= MAX_NAME_LENGTH);
}

/**
 * Whether a source already answers to `name` (a vanity name, or the basename
 * of a source without one, ignoring case): exactly what the registry refuses
 * as `duplicate_source_name`. A registry that cannot be read is a failure.
 */
async function nameTaken(
  registry: AsyncRegistry,
  name: string,
  planned: ReadonlySet<string>,
): Promise<boolean | ToolFailure> {
  if (planned.has(name.toLowerCase())) return true;
  const found = await registry.resolve(name);
  if (found.ok || found.code === "ambiguous_source") return true;
  if (found.code === "source_not_found") return false;
  return sourceFailure(found);
}

function alreadyRegistered(store: OpenSpecStore, owner: Source): string {
  return `The folder ${store.root} is already the source ${owner.displayName} (${owner.token}); nothing to do.`;
}

/** A failure part-way through: the stores registered before it stay, and are named. */
function withAdded(failure: ToolFailure, added: readonly AddedStore[]): ToolFailure {
  return { ...failure, added };
}

function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
