import type { Catalog } from "@org/openspec-core";
import { collectResources } from "./collect-resources.js";
import { type ListAllResources, resourceListing } from "./resource-listing.js";
import { sharedSourceResources } from "./shared-source-resources.js";
import { watchResources } from "./watch-resources.js";

/** A listing with a watch of its own, for servers that have none (2026-07-28 requests). */
export type WatchedResourceListing = { list: ListAllResources; close(): void };

/**
 * The resource listing of servers that live for one request: they hold no
 * watch, so without this every page collected the whole list again. The
 * watch is made on the first listing (a server that never lists watches
 * nothing) and follows every source's `openspec/` folder through the
 * process's shared folder watches; it notifies no one (2026-07-28 clients
 * hear of changes through `subscriptions/listen`), it only tells the listing
 * when the folders changed. Once closed, a late request still gets its list,
 * collected afresh.
 */
export function watchedResourceListing(
  catalog: Catalog,
  log: (message: string) => void,
): WatchedResourceListing {
  let made: WatchedResourceListing | undefined;
  let closed = false;
  return {
    list(sources) {
      if (closed)
        return collectResources(catalog, sources, (source) =>
          sharedSourceResources(catalog, source, () => undefined),
        );
      if (made === undefined) {
        const watch = watchResources({ catalog, log, updated: () => {}, listChanged: () => {} });
        made = { list: resourceListing(catalog, watch), close: () => watch.close() };
      }
      return made.list(sources);
    },
    close() {
      closed = true;
      made?.close();
    },
  };
}
