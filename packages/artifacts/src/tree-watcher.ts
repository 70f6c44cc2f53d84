import { type FSWatcher, watch } from "node:fs";
import { opendir, stat } from "node:fs/promises";
import { basename, dirname, join, sep } from "node:path";
import pLimit from "p-limit";

/**
 * Folders listed at once while walking. Each step (one `fs.watch`, one batch
 * of directory entries) is short, so the walk never holds the event loop for
 * long; a few in flight keep the disk busy without flooding the thread pool
 * that every other file read of the process shares.
 */
const WALK_CONCURRENCY = 4;

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
  readonly #watchers = new Map<string, FSWatcher>();
  readonly #limit = pLimit(WALK_CONCURRENCY);
  #parent: FSWatcher | undefined;
  #rootInode: number | undefined;
  #closed = false;

  constructor(
    private readonly root: string,
    private readonly onChange: () => void,
  ) {}

  /** Resolves once every folder that existed at the start is watched. */
  async start(): Promise<void> {
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

  close(): void {
    this.#closed = true;
    this.#parent?.close();
    this.#parent = undefined;
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  async #walk(folder: string): Promise<void> {
    const children = await this.#limit(() => this.#watchOne(folder));
    await Promise.all(children.map((child) => this.#walk(child)));
  }

  /** Watches one folder and answers its subfolders. */
  async #watchOne(folder: string): Promise<string[]> {
    if (this.#closed || this.#watchers.has(folder)) return [];
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        this.onChange();
        if (name) void this.#appeared(join(folder, name.toString()));
      });
      watcher.on("error", () => this.#forget(folder));
      this.#watchers.set(folder, watcher);
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

  /** Stops watching a folder that went away, and everything that was below it. */
  #forget(folder: string): void {
    for (const [path, watcher] of this.#watchers) {
      if (path === folder || path.startsWith(folder + sep)) {
        watcher.close();
        this.#watchers.delete(path);
      }
    }
  }
}
