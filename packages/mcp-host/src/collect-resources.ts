import type { Resource } from "@modelcontextprotocol/server";
import type { Catalog, ContextSuccess } from "@org/openspec-core";
import { listSources, type ResourceSource } from "./list-sources.js";
import { oneReadATurn } from "./one-read-a-turn.js";
import { formatResourceUri } from "./resource-uri.js";

type Overview = Extract<ContextSuccess, { changes: unknown }>;

/**
 * Entries per openspec_context call. The catalog reads a page in one go
 * without giving the event loop back, so the page bounds how long a listing
 * holds it: on a repository of 2,000 changes a page of 1,000 took 110 ms on an
 * idle machine (280–560 ms at load 23), a page of 100 about a tenth of that
 * over a fixed part for the folder scan.
 */
const CONTEXT_PAGE = 100;

/**
 * Every listed resource of every registered source, sorted by URI: each spec,
 * each active change (its overview; its proposal, tasks and design are linked
 * from there and reachable through the templates), each archived change and
 * each idea.
 * A source whose folder or openspec/ cannot be read lists nothing.
 * `collectSource` collects one source (default `sourceResources`; the server
 * passes the process-wide shared collection); its arrays are not changed.
 */
export async function collectResources(
  catalog: Catalog,
  sources?: readonly ResourceSource[],
  collectSource: (source: ResourceSource) => Promise<readonly Resource[]> = (source) =>
    sourceResources(catalog, source.name),
): Promise<Resource[]> {
  const resources: Resource[] = [];
  for (const source of sources ?? (await listSources(catalog))) {
    for (const resource of await collectSource(source)) resources.push(resource);
  }
  return resources.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
}

/** One source's resources, its overview read page by page. */
export async function sourceResources(catalog: Catalog, source: string): Promise<Resource[]> {
  const resources: Resource[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    // Each page in a turn of its own, so /healthz and other sessions are answered between pages.
    const page = offset;
    const result = await oneReadATurn(() =>
      catalog.call("openspec_context", { identifier: source, limit: CONTEXT_PAGE, offset: page }),
    );
    if (!result.ok || !("changes" in result)) return resources;
    const overview = result as Overview;
    for (const spec of overview.specs) {
      const id = spec.path.replace(/\/spec\.md$/, "");
      resources.push({
        uri: formatResourceUri({ kind: "spec", source, spec: id }),
        name: `${source}/specs/${id}`,
        title: `Spec ${id} (${source})`,
        mimeType: "text/markdown",
      });
    }
    for (const change of overview.changes) {
      resources.push({
        uri: formatResourceUri({ kind: "change", source, change: change.name }),
        name: `${source}/changes/${change.name}`,
        title: `Change ${change.name} (${source})`,
        description:
          change.tasks === null
            ? "Active change, no tasks.md."
            : `Active change, ${change.tasks.completed} of ${change.tasks.total} tasks done.`,
        mimeType: "text/markdown",
      });
    }
    for (const change of overview.archived_changes) {
      resources.push({
        uri: formatResourceUri({ kind: "archived_change", source, change: change.name }),
        name: `${source}/changes/archive/${change.name}`,
        title: `Archived change ${change.name} (${source})`,
        mimeType: "text/markdown",
      });
    }
    for (const idea of overview.ideas) {
      resources.push({
        uri: formatResourceUri({ kind: "idea", source, idea: idea.slug }),
        name: `${source}/ideas/${idea.slug}`,
        title: `Idea ${idea.title} (${source})`,
        description:
          idea.change === undefined ? "Idea." : `Idea, promoted to change ${idea.change}.`,
        mimeType: "text/markdown",
      });
    }
    offset = overview.page.next_offset;
  }
  return resources;
}
