import type { Catalog } from "@org/openspec-core";
import { collectResources } from "./collect-resources.js";
import { listSources } from "./list-sources.js";
import { sharedSourceResources } from "./shared-source-resources.js";
import { createSubscriptionBudget } from "./subscription-budget.js";
import { watchResources } from "./watch-resources.js";

/** Where the followed changes go: the listen streams that asked for them. */
export type ListenNotifier = {
  resourceUpdated(uri: string): void;
  resourcesChanged(): void;
  toolsChanged(): void;
};

export type ModernSubscriptions = {
  /**
   * A stream follows these URIs (already admitted); a URI already followed is
   * only counted again. Resolves once each is watched and its content known,
   * so an edit after the stream's acknowledgement is told.
   */
  follow(uris: readonly string[]): Promise<void>;
  /** A stream let go of these URIs; the last stream to let go of one ends its watch. */
  unfollow(uris: readonly string[]): void;
  /** A stream opted in to `resources/list_changed`: the registry's sources are watched for the set changing. */
  followList(): void;
  /**
   * What one of the hosts found when it looked for the CLI (at its start, and
   * whenever its tools changed): streams hear of a change once, however many
   * hosts (views, toolsets) saw it.
   */
  cliSeen(found: boolean): void;
  /** URIs followed now (each once, however many streams list it). */
  followedCount(): number;
  close(): void;
};

/**
 * The resources every 2026-07-28 listen stream of the process follows, in
 * one watch: a URI listed by two streams is watched and re-read once, and its
 * change is told once on the streams' shared bus, which hands it to exactly
 * the streams that listed it (a watch per stream would tell every stream once
 * per stream). Places are counted where streams are admitted, not here.
 */
export function modernSubscriptions(
  catalog: Catalog,
  notifier: ListenNotifier,
  log: (message: string) => void,
): ModernSubscriptions {
  const counts = new Map<string, number>();
  /** Each followed URI's first watch and read, which a second stream waits for too. */
  const started = new Map<string, Promise<void>>();
  const watch = watchResources({
    catalog,
    log,
    updated: (uri) => notifier.resourceUpdated(uri),
    listChanged: () => notifier.resourcesChanged(),
    // Admission already took the streams' places in the shared budgets.
    maxSubscriptions: Number.POSITIVE_INFINITY,
    budget: createSubscriptionBudget(Number.POSITIVE_INFINITY),
  });
  let listing = false;
  let cliFound: boolean | undefined;
  const failed = (error: unknown) => log(`resource watch failed: ${String(error)}`);
  return {
    async follow(uris) {
      for (const uri of uris) {
        const held = counts.get(uri) ?? 0;
        counts.set(uri, held + 1);
        if (held === 0)
          started.set(
            uri,
            watch.subscribe(uri).then(() => {}, failed),
          );
      }
      await Promise.all(uris.map((uri) => started.get(uri)));
    },
    unfollow(uris) {
      for (const uri of uris) {
        const held = counts.get(uri) ?? 0;
        if (held > 1) counts.set(uri, held - 1);
        else if (held === 1) {
          counts.delete(uri);
          started.delete(uri);
          watch.unsubscribe(uri);
        }
      }
    },
    followList() {
      // The list is compared once collected; from then on it is followed for the process's life.
      if (listing) return;
      listing = true;
      void watch
        .startListing()
        .then(async () => {
          const since = watch.generation();
          const sources = await listSources(catalog);
          const resources = await collectResources(catalog, sources, (source) =>
            sharedSourceResources(catalog, source, () => watch.folderGeneration(source)),
          );
          watch.listed(resources, since);
        })
        .catch(failed);
    },
    cliSeen(found) {
      const changed = cliFound !== undefined && cliFound !== found;
      cliFound = found;
      if (changed) notifier.toolsChanged();
    },
    followedCount: () => counts.size,
    close: () => watch.close(),
  };
}
