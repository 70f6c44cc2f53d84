import { resolve } from "node:path";
import { TreeWatcher } from "./tree-watcher.js";

/** One subscriber's hold on a watched folder. */
export type FolderWatch = {
  /** Resolves once every folder below that existed when the watch began is watched. */
  readonly ready: Promise<void>;
  /** Whether `ready` has resolved. */
  isReady(): boolean;
  /**
   * A number that changes with every event seen in the folder, and is never
   * given to another folder or to an earlier watch of the same one: equal
   * numbers mean no event came in between.
   */
  generation(): number;
  /** Lets go; the folder's watchers close with the last subscriber (then it answers true). */
  close(): boolean;
};

type SharedTree = {
  watcher: TreeWatcher;
  listeners: Set<() => void>;
  ready: Promise<void>;
  settled: boolean;
  generation: number;
};

const trees = new Map<string, SharedTree>();
let lastGeneration = 0;

/**
 * Watches a folder and everything below it for the whole process: every
 * subscriber of one folder shares one `TreeWatcher` (one inotify watch per
 * folder, set up by an asynchronous walk), counted by its subscribers and
 * closed with the last one. A team server whose sessions each follow the same
 * repositories then holds each folder's watchers once, not once per session.
 * `onChange` is called for every event; debouncing is the subscriber's.
 */
export function watchFolder(folder: string, onChange: () => void): FolderWatch {
  const path = resolve(folder);
  let tree = trees.get(path);
  if (tree === undefined) {
    const listeners = new Set<() => void>();
    const created: SharedTree = {
      listeners,
      settled: false,
      generation: ++lastGeneration,
      watcher: new TreeWatcher(path, () => {
        created.generation = ++lastGeneration;
        for (const listener of [...listeners]) listener();
      }),
      ready: Promise.resolve(),
    };
    created.ready = created.watcher.start().finally(() => {
      created.settled = true;
      // Events in folders not yet watched were missed: what was read before is not to be trusted.
      created.generation = ++lastGeneration;
    });
    trees.set(path, created);
    tree = created;
  }
  const shared = tree;
  // A function of its own, so one subscriber passing the same callback twice holds two places.
  const listener = () => onChange();
  shared.listeners.add(listener);
  let closed = false;
  return {
    ready: shared.ready,
    isReady: () => shared.settled,
    generation: () => shared.generation,
    close() {
      if (closed) return false;
      closed = true;
      shared.listeners.delete(listener);
      if (shared.listeners.size > 0) return false;
      shared.watcher.close();
      if (trees.get(path) === shared) trees.delete(path);
      return true;
    },
  };
}

/** What the process watches now: folders with a subscriber, and the `fs.watch` handles they hold. */
export function folderWatchStats(): { folders: number; watchers: number; subscribers: number } {
  let watchers = 0;
  let subscribers = 0;
  for (const tree of trees.values()) {
    watchers += tree.watcher.size;
    subscribers += tree.listeners.size;
  }
  return { folders: trees.size, watchers, subscribers };
}
