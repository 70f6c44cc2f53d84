import { type FSWatcher, readFileSync, watch } from "node:fs";
import { opendir, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import pLimit from "p-limit";

/**
 * Folders listed at once while walking. Each step (one `fs.watch`, one batch
 * of directory entries) is short, so the walk never holds the event loop for
 * long; a few in flight keep the disk busy without flooding the thread pool
 * that every other file read of the process shares.
 */
const WALK_CONCURRENCY = 4;
/** Folders the process watches at most, over every tree: one inotify watch each. */
export const DEFAULT_MAX_FOLDER_WATCHES = 10_000;
/** How often a tree that hit the cap reports a change, since some of its folders go unwatched. */
export const CAPPED_POLL_MS = 10_000;

/** How long without an event ends a burst of events. */
export const BURST_QUIET_MS = 200;

let maxWatches = DEFAULT_MAX_FOLDER_WATCHES;
let pollMs = CAPPED_POLL_MS;
let watching = 0;
let warned = false;

/**
 * Sets how many folders the process watches at most (default 10,000). Beyond
 * it, a tree watches the folders it found first (the walk goes level by
 * level, so those nearest the root) and reports a change every 10 s in place
 * of the events of the folders it could not watch.
 */
export function setMaxFolderWatches(limit: number, options: { pollMs?: number } = {}): void {
  maxWatches = limit;
  pollMs = options.pollMs ?? CAPPED_POLL_MS;
}

/** Folders watched now over every tree, and the cap. */
export function folderWatchCount(): { watching: number; max: number } {
  return { watching, max: maxWatches };
}

/** Every tree watched now, so a burst that may have overflowed the kernel's queue can walk them again. */
const liveTrees = new Set<TreeWatcher>();
/** Events seen since the last quiet moment, over every tree (they share the process's one inotify queue). */
let burstEvents = 0;
let burstQuiet: NodeJS.Timeout | undefined;
let suspectAfter: number | undefined;

/**
 * The events in one burst from which some may have been lost. The kernel
 * queues at most `max_queued_events` (16,384 by default) per process and drops
 * the rest once the process falls behind; Node does not report the overflow.
 * Removing a watched folder queues up to three events (its name in the
 * parent, its own removal, its watch's end), and the events of watches already
 * let go of never reach us, so a quarter of the queue is where a loss may begin.
 */
function burstSuspectAfter(): number {
  if (suspectAfter !== undefined) return suspectAfter;
  let queued = 16_384;
  try {
    // The kernel's own setting, not repository content: read once per process.
    queued =
      Number.parseInt(readFileSync("/proc/sys/fs/inotify/max_queued_events", "utf8"), 10) || queued;
  } catch {
    // Not Linux, or /proc is hidden: the default queue.
  }
  suspectAfter = Math.max(1, Math.floor(queued / 4));
  return suspectAfter;
}

/** Counts one event of any tree; once the burst is over, a burst that may have overflowed walks every tree again. */
function sawEvent(): void {
  burstEvents++;
  if (burstQuiet !== undefined) {
    burstQuiet.refresh();
    return;
  }
  burstQuiet = setTimeout(() => {
    burstQuiet = undefined;
    const suspect = burstEvents >= burstSuspectAfter();
    burstEvents = 0;
    if (suspect) for (const tree of liveTrees) void tree.rescan();
  }, BURST_QUIET_MS);
  burstQuiet.unref();
}

/** One watched folder and the watched folders right below it, so forgetting a subtree visits that subtree only. */
type Watched = { watcher: FSWatcher; parent: string | undefined; children: Set<string> };

/**
 * Watches a folder and every folder below it with one non-recursive
 * `fs.watch` (inotify) per folder, found by an asynchronous walk. Node 20's
 * `recursive: true` on Linux walks the tree synchronously and polls every file
 * with `fs.watchFile`: seconds of a blocked event loop and tens of megabytes
 * on a repository of thousands of changes. Folders created later are walked
 * when they appear. The parent folder is watched too, for the folder's own
 * name only, so a folder created after the start, or removed and replaced by
 * another (a checkout, a rename over it), is watched again from scratch.
 */
export class TreeWatcher {
  readonly #watchers = new Map<string, Watched>();
  readonly #limit = pLimit(WALK_CONCURRENCY);
  #parent: FSWatcher | undefined;
  #rootInode: number | undefined;
  #closed = false;
  #poll: NodeJS.Timeout | undefined;
  /** Watched folders let go of so far, one count per folder: the work a removal costs. */
  forgotten = 0;
  /** Walks of the whole tree again after a burst that may have lost events. */
  rescans = 0;

  constructor(
    private readonly root: string,
    private readonly onChange: () => void,
  ) {}

  /** Resolves once every folder that existed at the start is watched. */
  async start(): Promise<void> {
    if (this.#closed) return;
    liveTrees.add(this);
    this.#watchParent();
    const info = await stat(this.root).catch(() => null);
    if (this.#closed || !info?.isDirectory()) return;
    this.#rootInode = info.ino;
    await this.#walk(this.root);
  }

  /** The folders watched now (the parent not counted). */
  get size(): number {
    return this.#watchers.size;
  }

  /** Whether some folders of this tree went unwatched because the process's cap was reached. */
  get capped(): boolean {
    return this.#poll !== undefined;
  }

  close(): void {
    this.#closed = true;
    liveTrees.delete(this);
    this.#parent?.close();
    this.#parent = undefined;
    clearInterval(this.#poll);
    this.#poll = undefined;
    for (const { watcher } of this.#watchers.values()) watcher.close();
    watching -= this.#watchers.size;
    this.#watchers.clear();
  }

  async #walk(folder: string): Promise<void> {
    // p-limit starts queued folders in order, so the walk goes level by level and the cap keeps those nearest the root.
    const children = await this.#limit(() => this.#watchOne(folder));
    await Promise.all(children.map((child) => this.#walk(child)));
  }

  /** Watches one folder and answers its subfolders. */
  async #watchOne(folder: string): Promise<string[]> {
    if (this.#closed || this.#watchers.has(folder)) return [];
    const parent = folder === this.root ? undefined : dirname(folder);
    // Its parent was let go of while this folder waited: it went away with it, or is walked again from there.
    if (parent !== undefined && !this.#watchers.has(parent)) return [];
    if (watching >= maxWatches) {
      this.#overCap();
      return [];
    }
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        sawEvent();
        this.onChange();
        if (name) void this.#appeared(join(folder, name.toString()));
      });
      watcher.on("error", () => this.#forget(folder));
      this.#watchers.set(folder, { watcher, parent, children: new Set() });
      watching++;
      if (parent !== undefined) this.#watchers.get(parent)?.children.add(folder);
      const children: string[] = [];
      for await (const entry of await opendir(folder)) {
        if (entry.isDirectory()) children.push(join(folder, entry.name));
      }
      return children;
    } catch {
      // Gone between the listing and the watch, or unreadable: nothing to watch there.
      this.#forget(folder);
      return [];
    }
  }

  async #appeared(path: string): Promise<void> {
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) await this.#walk(path);
    else if (info === null) this.#forget(path);
  }

  /**
   * Lets go of every watch and walks the tree again, then reports a change.
   * Called after a burst of events large enough that the kernel may have
   * dropped some (a whole tree of thousands of folders removed at once): a
   * lost removal would leave a dead watch forever, and a lost creation an
   * unwatched folder. It costs one walk of the watched folders, at most the
   * cap, and comes only after a burst of at least a quarter of the kernel's
   * queue, so the watcher's cost stays in proportion to the events it saw.
   */
  async rescan(): Promise<void> {
    if (this.#closed) return;
    this.rescans++;
    this.#forget(this.root);
    clearInterval(this.#poll);
    this.#poll = undefined;
    const info = await stat(this.root).catch(() => null);
    if (this.#closed) return;
    this.#rootInode = info?.isDirectory() ? info.ino : undefined;
    if (this.#rootInode !== undefined) await this.#walk(this.root);
    if (!this.#closed) this.onChange();
  }

  #watchParent(): void {
    const name = basename(this.root);
    try {
      const parent = watch(dirname(this.root), { persistent: false }, (_event, changed) => {
        if (changed?.toString() === name) void this.#rootChanged();
      });
      parent.on("error", () => {
        parent.close();
        if (this.#parent === parent) this.#parent = undefined;
      });
      this.#parent = parent;
    } catch {
      // No parent folder (the repository is gone): nothing can appear there.
    }
  }

  /** The folder's own name changed in its parent: watch whatever folder is there now. */
  async #rootChanged(): Promise<void> {
    const info = await stat(this.root).catch(() => null);
    if (this.#closed) return;
    const inode = info?.isDirectory() ? info.ino : undefined;
    if (inode !== undefined && inode === this.#rootInode) return;
    this.#forget(this.root);
    this.#rootInode = inode;
    this.onChange();
    if (inode !== undefined) await this.#walk(this.root);
  }

  /**
   * Stops watching a folder that went away, and everything that was below it.
   * The index of children makes this cost the folders forgotten, not the
   * folders watched: removing N folders one by one is N steps, not N².
   */
  #forget(folder: string): void {
    const watched = this.#watchers.get(folder);
    if (watched === undefined) return;
    if (watched.parent !== undefined) this.#watchers.get(watched.parent)?.children.delete(folder);
    const pending = [folder];
    for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
      const entry = this.#watchers.get(path);
      if (entry === undefined) continue;
      this.forgotten++;
      entry.watcher.close();
      this.#watchers.delete(path);
      watching--;
      pending.push(...entry.children);
    }
  }

  /** The cap is reached: from now on this tree reports a change on a timer, and the process says so once. */
  #overCap(): void {
    if (this.#poll !== undefined) return;
    this.#poll = setInterval(() => this.onChange(), pollMs);
    this.#poll.unref();
    if (warned) return;
    warned = true;
    process.emitWarning(
      `${maxWatches} folders are watched, the most this process watches: folders beyond them are not watched, and their trees report a change every ${pollMs / 1000} s instead.`,
      { code: "OPENSPEC_FOLDER_WATCH_CAP" },
    );
  }
}
