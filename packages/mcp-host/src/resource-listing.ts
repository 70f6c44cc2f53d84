import { join } from "node:path";
import type { Resource } from "@modelcontextprotocol/server";
import type { Catalog } from "@org/openspec-core";
import { collectResources } from "./collect-resources.js";
import { type ResourceSource, sourcesSignature } from "./list-sources.js";
import { sharedSourceResources } from "./shared-source-resources.js";
import type { ResourceWatch } from "./watch-resources.js";

/** Every resource of the given sources, sorted by URI, as `resources/list` pages through it. */
export type ListAllResources = (sources: readonly ResourceSource[]) => Promise<Resource[]>;

/**
 * The whole sorted list `resources/list` slices its pages from, collected
 * once per state of the registry and of the watched folders: the sources
 * (names and folders) and the watch's number, which grows with every file
 * event in a followed folder, every registry change it sees, and each
 * folder's walk coming to an end (the state the per-source collections are
 * kept by, `sharedSourceResources`, is the same watch's, per folder). While
 * that state holds, every page of every client reuses the list, so paging
 * through 3,000 resources reads and sorts them once, not once a page. The
 * state is taken before collecting, so an event during a collection makes the
 * next request collect again. A source whose folder the watch does not follow
 * yet (registered since its last look at the registry) is collected every
 * time until it does. `listed` hears each collection (a 2025 session compares
 * later lists with it for `list_changed`).
 */
export function resourceListing(
  catalog: Catalog,
  watch: ResourceWatch,
  listed: (resources: readonly Resource[], since: number) => void = () => {},
): ListAllResources {
  let snapshot: { state: string; resources: Resource[] } | undefined;
  return async (sources) => {
    // Watch before collecting, so an event during the collection is compared afterwards. The
    // watch of a large repository is set up in the background: the listing does not wait for it.
    await watch.startListing();
    const since = watch.generation();
    const state = stateOf(sources, watch, since);
    if (state !== undefined && snapshot?.state === state) return snapshot.resources;
    const resources = await collectResources(catalog, sources, (source) =>
      sharedSourceResources(catalog, source, () => watch.folderGeneration(source)),
    );
    snapshot = state === undefined ? undefined : { state, resources };
    listed(resources, since);
    return resources;
  };
}

/** The sources and the watch's number; undefined while a source's folder is not followed. */
function stateOf(
  sources: readonly ResourceSource[],
  watch: ResourceWatch,
  generation: number,
): string | undefined {
  const followed = new Set(watch.watchedFolders());
  if (!sources.every((source) => followed.has(join(source.path, "openspec")))) return undefined;
  return `${sourcesSignature(sources)}\n${generation}`;
}
