import { createHash } from "node:crypto";
import { type FSWatcher, statSync, watch } from "node:fs";
import { join } from "node:path";
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import type { Catalog } from "@org/openspec-core";
import { collectResources } from "./collect-resources.js";
import { listSources, type ResourceSource, sourcesSignature } from "./list-sources.js";
import { readResource } from "./read-resource.js";
import { parseResourceUri } from "./resource-uri.js";

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
};

export type ResourceWatch = {
  /** Starts watching a resource's source and remembers what the resource reads now. */
  subscribe(uri: string): Promise<void>;
  unsubscribe(uri: string): void;
  /** From the first resources/list on, every source's openspec/ folder is watched for the set changing. */
  watchList(listed: readonly Resource[]): Promise<void>;
  /**
   * A number that grows with every file event and registry change seen; while
   * the list is watched, an unchanged number means a list collected before is
   * still what a new collection would give.
   */
  generation(): number;
  /** Whether every source's openspec/ folder is watched (a client listed resources). */
  isListing(): boolean;
  /** The openspec/ folders watched now. */
  watchedFolders(): string[];
  close(): void;
};

/**
 * Turns file changes into MCP notifications. One recursive fs.watch per
 * openspec/ folder that is needed (a source with a subscribed resource, or
 * every source once a client listed resources); events are debounced, then
 * the subscribed resources of the touched sources are read again through the
 * catalog and compared with what they read before, so a client hears of a
 * real change only. The registry is checked on a timer for sources added or
 * removed, and for an openspec/ folder that did not exist before.
 */
export function watchResources(options: ResourceWatchOptions): ResourceWatch {
  const { catalog, log } = options;
  // `fingerprint` is undefined until the first read after subscribing has finished.
  const subscriptions = new Map<string, { source: string; fingerprint: string | undefined }>();
  const watchers = new Map<string, { watcher: FSWatcher; inode: number }>();
  let listing: string | undefined;
  let sources: ResourceSource[] = [];
  let registrySignature = "";
  let dirty = false;
  let debounce: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let generation = 0;

  const timer = setInterval(() => {
    if (listing === undefined && subscriptions.size === 0) return;
    void syncWatchers().catch((error: unknown) => log(`resource watch failed: ${String(error)}`));
  }, options.registryCheckMs ?? 2000);
  timer.unref();

  /** Watches the openspec/ folders needed now and drops the others; a changed registry counts as a change. */
  async function syncWatchers(): Promise<void> {
    sources = await listSources(catalog);
    if (closed) return;
    const signature = sourcesSignature(sources);
    const registryChanged = signature !== registrySignature;
    registrySignature = signature;
    const needed = new Set<string>();
    for (const source of sources) {
      const subscribed = [...subscriptions.values()].some((s) => namesSource(s.source, source));
      if (listing !== undefined || subscribed) needed.add(join(source.path, "openspec"));
    }
    let started = false;
    for (const [folder, entry] of watchers) {
      // A folder removed (or replaced) leaves its watcher on the old inode, silent.
      if (needed.has(folder) && inodeOf(folder) === entry.inode) continue;
      entry.watcher.close();
      watchers.delete(folder);
      if (needed.has(folder)) started = true;
    }
    for (const folder of needed) {
      if (watchers.has(folder)) continue;
      const inode = inodeOf(folder);
      const watcher = inode === undefined ? undefined : startWatcher(folder);
      if (watcher === undefined || inode === undefined) continue;
      watchers.set(folder, { watcher, inode });
      started = true;
    }
    if (registryChanged || started) changed();
  }

  function startWatcher(folder: string): FSWatcher | undefined {
    try {
      const watcher = watch(folder, { recursive: true, persistent: false }, () => changed());
      watcher.on("error", (error) => {
        // A folder removed or replaced: the next registry check watches it again if it comes back.
        log(`stopped watching ${folder}: ${error.message}`);
        watcher.close();
        if (watchers.get(folder)?.watcher === watcher) watchers.delete(folder);
        changed();
      });
      return watcher;
    } catch {
      // No openspec/ folder yet: the registry check tries again.
      return undefined;
    }
  }

  function changed(): void {
    if (closed) return;
    generation++;
    dirty = true;
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
        dirty = false;
        await compare();
      } while ((again || dirty) && !closed);
    })()
      .catch((error: unknown) => log(`resource watch failed: ${String(error)}`))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  async function compare(): Promise<void> {
    for (const [uri, subscription] of subscriptions) {
      const fingerprint = await fingerprintOf(catalog, uri);
      if (closed) return;
      const current = subscriptions.get(uri);
      if (
        current === subscription &&
        subscription.fingerprint !== undefined &&
        fingerprint !== subscription.fingerprint
      ) {
        subscriptions.set(uri, { ...subscription, fingerprint });
        options.updated(uri);
      }
    }
    if (listing === undefined) return;
    const now = signatureOf(await collectResources(catalog));
    if (closed || now === listing) return;
    listing = now;
    options.listChanged();
  }

  return {
    async subscribe(uri) {
      const parsed = parseResourceUri(uri);
      if (!parsed.ok) return;
      // Watch first, then read: a write between the two is then noticed.
      subscriptions.set(uri, { source: parsed.address.source, fingerprint: undefined });
      await syncWatchers();
      const entry = subscriptions.get(uri);
      if (entry !== undefined) entry.fingerprint = await fingerprintOf(catalog, uri);
    },
    unsubscribe(uri) {
      subscriptions.delete(uri);
      void syncWatchers().catch((error: unknown) => log(`resource watch failed: ${String(error)}`));
    },
    async watchList(listed) {
      if (listing !== undefined) return;
      listing = signatureOf(listed);
      await syncWatchers();
    },
    generation: () => generation,
    isListing: () => listing !== undefined,
    watchedFolders: () => [...watchers.keys()].sort(),
    close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(debounce);
      for (const entry of watchers.values()) entry.watcher.close();
      watchers.clear();
      subscriptions.clear();
    },
  };
}

function inodeOf(folder: string): number | undefined {
  try {
    return statSync(folder).ino;
  } catch {
    return undefined;
  }
}

/** A URI's source segment is the name the URIs use, or the source's token. */
function namesSource(segment: string, source: ResourceSource): boolean {
  return segment === source.name || segment.toLowerCase() === source.token.toLowerCase();
}

function signatureOf(resources: readonly Resource[]): string {
  return resources.map((resource) => resource.uri).join("\n");
}

/** What a resource reads now, as a hash; a resource that cannot be read is the error's code. */
async function fingerprintOf(catalog: Catalog, uri: string): Promise<string> {
  try {
    const result = await readResource(catalog, uri);
    const hash = createHash("sha256");
    for (const content of result.contents)
      hash.update("text" in content ? content.text : content.blob);
    return hash.digest("hex");
  } catch (error) {
    return `error:${error instanceof Error && "code" in error ? String(error.code) : "unknown"}`;
  }
}
