import type { Resource } from "@modelcontextprotocol/server";
import type { Catalog } from "@org/openspec-core";
import { boundedMap } from "./bounded-map.js";
import { sourceResources } from "./collect-resources.js";
import type { ResourceSource } from "./list-sources.js";

type Collection = { generation: number | undefined; resources: Promise<Resource[]> };

/**
 * Sources kept at most. An entry goes when no watch follows its folder any
 * more; a source listed without a watch (or removed from the registry) would
 * stay, and a token that registers sources chooses how many there are.
 */
export const MAX_SHARED_SOURCES = 256;

/**
 * Per source (name and folder): the collection running or last made, and the
 * one queued behind it; the least recently asked-for past `MAX_SHARED_SOURCES`
 * is forgotten (its next listing collects it again).
 */
const sources = boundedMap<{
  latest?: Collection;
  running?: Promise<unknown>;
  queued?: Promise<Resource[]>;
}>(MAX_SHARED_SOURCES);

/**
 * One source's resources, shared by every session of the process. Two rules
 * keep the answer as fresh as a collection of one's own:
 * - while the folder's shared watch has seen no event since a collection
 *   began (`generation()` is the same number), that collection is the answer;
 * - otherwise a caller that comes while a collection runs waits for the next
 *   one, which starts when the running one ends and serves everyone who came
 *   meanwhile.
 * So at most one `openspec_context` walk of a source runs at a time, however
 * many sessions list or compare their lists at once (50 listing sessions on a
 * repository of 2,000 changes walked it 50 times side by side before, and held
 * the event loop for seconds). `generation` answers the folder's shared
 * watch's number once its walk is done, else undefined (no reuse). What is
 * listed depends only on the source's name and folder, not on who asks.
 */
export function sharedSourceResources(
  catalog: Catalog,
  source: ResourceSource,
  generation: () => number | undefined,
): Promise<Resource[]> {
  const key = `${source.name}\u0000${source.path}`;
  let state = sources.get(key);
  if (state === undefined) {
    state = {};
    sources.set(key, state);
  }
  const shared = state;
  const now = generation();
  if (now !== undefined && shared.latest?.generation === now) return shared.latest.resources;
  if (shared.queued !== undefined) return shared.queued;
  if (shared.running === undefined) return start();
  const queued = shared.running.then(start, start);
  shared.queued = queued;
  return queued;

  function start(): Promise<Resource[]> {
    if (shared.queued !== undefined) shared.queued = undefined;
    const resources = sourceResources(catalog, source.name);
    shared.latest = { generation: generation(), resources };
    const running = resources.then(
      () => undefined,
      () => {
        // A failed collection is not kept for the next caller.
        if (shared.latest?.resources === resources) shared.latest = undefined;
      },
    );
    shared.running = running;
    void running.then(() => {
      if (shared.running === running) shared.running = undefined;
    });
    return resources;
  }
}

/** Sources whose collections are kept now (at most `MAX_SHARED_SOURCES`). */
export function sharedSourceCount(): number {
  return sources.size;
}

/** Forgets a source's collection once no session watches its folder, so nothing stale outlives the watch. */
export function forgetSourceResources(source: ResourceSource): void {
  const key = `${source.name}\u0000${source.path}`;
  const state = sources.get(key);
  if (state !== undefined && state.running === undefined && state.queued === undefined)
    sources.delete(key);
}
