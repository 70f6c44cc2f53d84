import { join } from "node:path";
import type { Resource } from "@modelcontextprotocol/server";
import type { FolderWatch } from "@org/openspec-artifacts";
import type { Catalog } from "@org/openspec-core";
import { listSources, type ResourceSource, sourcesSignature } from "./list-sources.js";
import { oneReadATurn } from "./one-read-a-turn.js";
import { readResource } from "./read-resource.js";
import { parseResourceUri, RESOURCE_SCHEME } from "./resource-uri.js";
import { forgetSourceResources, sharedSourceResources } from "./shared-source-resources.js";
import {
  createSubscriptionBudget,
  DEFAULT_SUBSCRIPTIONS_PER_SESSION,
  type SubscriptionBudget,
} from "./subscription-budget.js";

export type ResourceWatchOptions = {
  catalog: Catalog;
  /** Sends notifications/resources/updated for one subscribed URI. */
  updated: (uri: string) => void;
  /** Sends notifications/resources/list_changed. */
  listChanged: () => void;
  log: (message: string) => void;
  /** Quiet time after the last file event before resources are read again; default 150 ms. */
  debounceMs?: number;
  /** How often the registry is checked for sources added, removed or moved; default 2000 ms. */
  registryCheckMs?: number;
  /** Subscriptions this watch (one session) holds at most; default 100. */
  maxSubscriptions?: number;
  /** The server-wide count of subscriptions, shared by its sessions; default one of its own (2,000). */
  budget?: SubscriptionBudget;
  /** The count shared by the sessions of this session's token (its share of the server's); none without a token. */
  tokenBudget?: SubscriptionBudget;
};

/** A subscription taken, or refused because a limit is reached (the session's own, its token's, or the server's). */
export type SubscribeOutcome =
  | { ok: true }
  | { ok: false; scope: "session" | "token" | "server"; limit: number };

export type ResourceWatch = {
  /** Watches a resource's source and remembers what the resource reads now. */
  subscribe(uri: string): Promise<SubscribeOutcome>;
  unsubscribe(uri: string): void;
  /** Before a listing is collected: from now on every source's openspec/ folder is watched for the set changing. */
  startListing(): Promise<void>;
  /**
   * After a listing was collected: what it held, and `generation()` from
   * before it was collected (an event in between is compared at once).
   */
  listed(resources: readonly Resource[], since: number): void;
  /**
   * The shared watch's number for a source's folder once its walk is done
   * (see `sharedSourceResources`), else undefined.
   */
  folderGeneration(source: ResourceSource): number | undefined;
  /**
   * A number that grows with every file event and registry change seen; while
   * the list is watched, an unchanged number means a list collected before is
   * still what a new collection would give.
   */
  generation(): number;
  /** Whether every source's openspec/ folder is watched (a client listed resources). */
  isListing(): boolean;
  /** The openspec/ folders this watch follows now. */
  watchedFolders(): string[];
  /** Subscriptions held now. */
  subscriptionCount(): number;
  close(): void;
};

type Subscription = { uri: string; segment: string; fingerprint: string | undefined };

/**
 * Turns file changes into MCP notifications. Each `openspec/` folder that is
 * needed (a source with a subscribed resource, or every source once a client
 * listed resources) is followed through the process's shared watch of it
 * (`watchFolder`: one inotify watch per folder, walked asynchronously, shared
 * by every session). Events are debounced per session, then only the touched
 * sources are looked at again: their subscribed resources (found through an
 * index by source, read one at a time for the process) are compared with what they
 * read before, so a client hears of a real change only; for a listing
 * client, their resources are collected again (once per folder state for the
 * whole process) and compared with the list. The registry is checked on a
 * timer for sources added, removed or moved. Subscriptions are capped per
 * session, per token and for the server.
 */
export function watchResources(options: ResourceWatchOptions): ResourceWatch {
  const { catalog, log } = options;
  const maxSubscriptions = options.maxSubscriptions ?? DEFAULT_SUBSCRIPTIONS_PER_SESSION;
  const budget = options.budget ?? createSubscriptionBudget();
  const { tokenBudget } = options;
  const subscriptions = new Map<string, Subscription>();
  // The subscriptions by their URI's source segment (a name or a token), so an
  // event in one source touches that source's subscriptions only.
  const bySegment = new Map<string, Map<string, Subscription>>();
  const folders = new Map<string, FolderWatch>();
  // Per source (name and folder), the URIs it listed, once a client listed resources.
  let listing: Map<string, string> | undefined;
  let listingWanted = false;
  let sources: ResourceSource[] = [];
  let registrySignature: string | undefined;
  const touched = new Set<string>();
  let everything = false;
  let debounce: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let generation = 0;

  const timer = setInterval(() => {
    if (!listingWanted && subscriptions.size === 0) return;
    void syncWatchers().catch((error: unknown) => log(`resource watch failed: ${String(error)}`));
  }, options.registryCheckMs ?? 2000);
  timer.unref();

  /** Follows the openspec/ folders needed now and lets go of the others; a changed registry counts as a change. */
  async function syncWatchers(): Promise<void> {
    const listed = await listSources(catalog);
    // The artifacts library (its spec parser, markdown and diff modules) loads with the first
    // watch, not with the server: a server's first answers do not wait for it.
    const { watchFolder } = await import("@org/openspec-artifacts");
    if (closed) return;
    sources = listed;
    const signature = sourcesSignature(sources);
    const registryChanged = registrySignature !== undefined && signature !== registrySignature;
    registrySignature = signature;
    const needed = new Map<string, ResourceSource>();
    for (const source of sources) {
      if (listingWanted || subscriptionsOf(source).length > 0) needed.set(folderOf(source), source);
    }
    for (const [folder, watch] of folders) {
      if (needed.has(folder)) continue;
      folders.delete(folder);
      release(folder, watch);
    }
    for (const folder of needed.keys()) {
      if (folders.has(folder)) continue;
      const watch = watchFolder(folder, () => changed(folder));
      folders.set(folder, watch);
      // Until its walk is done, an event in a folder not yet watched is missed: compare once it is.
      if (!watch.isReady()) void watch.ready.then(() => changed(folder));
    }
    if (registryChanged) changed(undefined);
  }

  /** Lets go of a folder's shared watch; when this was its last user, its sources' shared collections go too. */
  function release(folder: string, watch: FolderWatch): void {
    if (!watch.close()) return;
    for (const source of sources) if (folderOf(source) === folder) forgetSourceResources(source);
  }

  /** A file event in `folder`, or (undefined) a registry change that may touch every source. */
  function changed(folder: string | undefined): void {
    if (closed) return;
    generation++;
    if (folder === undefined) everything = true;
    else touched.add(folder);
    clearTimeout(debounce);
    debounce = setTimeout(() => void recompute(), options.debounceMs ?? 150);
    debounce.unref();
  }

  /** Reads again what clients follow; one run at a time, and one more if events came meanwhile. */
  function recompute(): Promise<void> {
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await compare();
      } while ((again || everything || touched.size > 0) && !closed);
    })()
      .catch((error: unknown) => log(`resource watch failed: ${String(error)}`))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  async function compare(): Promise<void> {
    const all = everything;
    const folderSet = new Set(touched);
    everything = false;
    touched.clear();
    const affected = all ? sources : sources.filter((source) => folderSet.has(folderOf(source)));
    const due = all ? [...subscriptions.values()] : affected.flatMap(subscriptionsOf);
    await Promise.all(due.map((subscription) => recheck(subscription)));
    if (closed || listing === undefined) return;
    let differs = false;
    if (all) {
      const present = new Set(sources.map(sourceKey));
      for (const [key, uris] of listing) {
        if (present.has(key)) continue;
        listing.delete(key);
        if (uris !== "") differs = true;
      }
    }
    for (const source of affected) {
      const resources = await sharedSourceResources(catalog, source, () =>
        folderGeneration(source),
      );
      if (closed || listing === undefined) return;
      const uris = signatureOf(resources);
      if ((listing.get(sourceKey(source)) ?? "") !== uris) differs = true;
      listing.set(sourceKey(source), uris);
    }
    if (differs) options.listChanged();
  }

  async function recheck(subscription: Subscription): Promise<void> {
    // Its first read has not finished: the subscribe call compares once it has.
    if (closed || subscription.fingerprint === undefined) return;
    const fingerprint = await fingerprintOf(catalog, subscription.uri);
    if (closed || subscriptions.get(subscription.uri) !== subscription) return;
    if (subscription.fingerprint === undefined || fingerprint === subscription.fingerprint) return;
    subscription.fingerprint = fingerprint;
    options.updated(subscription.uri);
  }

  function subscriptionsOf(source: ResourceSource): Subscription[] {
    const found: Subscription[] = [];
    for (const [segment, held] of bySegment)
      if (namesSource(segment, source)) found.push(...held.values());
    return found;
  }

  function folderGeneration(source: ResourceSource): number | undefined {
    const watch = folders.get(folderOf(source));
    return watch?.isReady() ? watch.generation() : undefined;
  }

  return {
    async subscribe(uri) {
      const parsed = parseResourceUri(uri);
      if (!parsed.ok || subscriptions.has(uri)) return { ok: true };
      if (subscriptions.size >= maxSubscriptions)
        return { ok: false, scope: "session", limit: maxSubscriptions };
      if (tokenBudget !== undefined && !tokenBudget.take())
        return { ok: false, scope: "token", limit: tokenBudget.limit };
      if (!budget.take()) {
        tokenBudget?.give();
        return { ok: false, scope: "server", limit: budget.limit };
      }
      const segment = parsed.address.source;
      const subscription: Subscription = { uri, segment, fingerprint: undefined };
      subscriptions.set(uri, subscription);
      let held = bySegment.get(segment);
      const newSource = held === undefined;
      if (held === undefined) {
        held = new Map();
        bySegment.set(segment, held);
      }
      held.set(uri, subscription);
      // Watch first, then read: a write between the two is then noticed.
      if (newSource) await syncWatchers();
      const before = generation;
      const fingerprint = await fingerprintOf(catalog, uri);
      if (subscriptions.get(uri) !== subscription) return { ok: true };
      subscription.fingerprint = fingerprint;
      // An event came while it was first read: compare again, the read may be older than the event.
      if (generation !== before) {
        const source = sources.find((candidate) => namesSource(segment, candidate));
        changed(source === undefined ? undefined : folderOf(source));
      }
      return { ok: true };
    },
    unsubscribe(uri) {
      const subscription = subscriptions.get(uri);
      if (subscription === undefined) return;
      subscriptions.delete(uri);
      budget.give();
      tokenBudget?.give();
      const held = bySegment.get(subscription.segment);
      held?.delete(uri);
      if (held?.size !== 0) return;
      bySegment.delete(subscription.segment);
      void syncWatchers().catch((error: unknown) => log(`resource watch failed: ${String(error)}`));
    },
    async startListing() {
      if (listingWanted) return;
      listingWanted = true;
      await syncWatchers();
    },
    listed(resources, since) {
      if (listing !== undefined || closed) return;
      listing = new Map();
      const bySource = new Map<string, string[]>();
      for (const resource of resources) {
        const segment = segmentOf(resource.uri);
        const uris = bySource.get(segment);
        if (uris === undefined) bySource.set(segment, [resource.uri]);
        else uris.push(resource.uri);
      }
      for (const source of sources)
        listing.set(sourceKey(source), [...(bySource.get(source.name) ?? [])].sort().join("\n"));
      // Something changed while the list was collected: compare every source now.
      if (generation !== since) changed(undefined);
    },
    folderGeneration,
    generation: () => generation,
    isListing: () => listing !== undefined,
    watchedFolders: () => [...folders.keys()].sort(),
    subscriptionCount: () => subscriptions.size,
    close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      clearTimeout(debounce);
      for (const [folder, watch] of folders) release(folder, watch);
      folders.clear();
      budget.give(subscriptions.size);
      tokenBudget?.give(subscriptions.size);
      subscriptions.clear();
      bySegment.clear();
    },
  };
}

function folderOf(source: ResourceSource): string {
  return join(source.path, "openspec");
}

function sourceKey(source: ResourceSource): string {
  return `${source.name}\u0000${source.path}`;
}

/** The source a listed URI belongs to, as its name (URIs from `formatResourceUri`). */
function segmentOf(uri: string): string {
  const rest = uri.slice(RESOURCE_SCHEME.length);
  return decodeURIComponent(rest.slice(0, rest.indexOf("/")));
}

/** A URI's source segment is the name the URIs use, or the source's token. */
function namesSource(segment: string, source: ResourceSource): boolean {
  return segment === source.name || segment.toLowerCase() === source.token.toLowerCase();
}

/**
 * What a source lists, whatever the order it came in: a listing is sorted
 * across sources, a source's collection is not, and the same URIs in another
 * order are the same list.
 */
function signatureOf(resources: readonly Resource[]): string {
  return resources
    .map((resource) => resource.uri)
    .sort()
    .join("\n");
}

/** What a resource reads now, as a hash; a resource that cannot be read is the error's code. */
async function fingerprintOf(catalog: Catalog, uri: string): Promise<string> {
  try {
    const result = await oneReadATurn(() => readResource(catalog, uri));
    // node:crypto is taken when a resource is first compared, not loaded with the server.
    const hash = process.getBuiltinModule("node:crypto").createHash("sha256");
    for (const content of result.contents)
      hash.update("text" in content ? content.text : content.blob);
    return hash.digest("hex");
  } catch (error) {
    return `error:${error instanceof Error && "code" in error ? String(error.code) : "unknown"}`;
  }
}
