import { type FSWatcher, watch } from "node:fs";
import { opendir, stat } from "node:fs/promises";
import { join, sep } from "node:path";

/**
 * Watches a folder and every folder below it with one non-recursive
 * `fs.watch` (inotify) per folder, found by an asynchronous walk. Node 20's
 * `recursive: true` on Linux walks the tree synchronously and polls every file
 * with `fs.watchFile`: seconds of a blocked event loop on a repository of
 * thousands of changes. Folders created later are walked when they appear.
 */
export class TreeWatcher {
  readonly #watchers = new Map<string, FSWatcher>();
  #closed = false;

  constructor(
    private readonly root: string,
    private readonly onChange: () => void,
  ) {}

  /** Resolves once every folder that existed at the start is watched. */
  async start(): Promise<void> {
    await this.#walk(this.root);
  }

  get size(): number {
    return this.#watchers.size;
  }

  close(): void {
    this.#closed = true;
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  async #walk(folder: string): Promise<void> {
    if (this.#closed || this.#watchers.has(folder)) return;
    try {
      const watcher = watch(folder, (_event, name) => {
        this.onChange();
        if (name) void this.#appeared(join(folder, name.toString()));
      });
      watcher.on("error", () => this.#forget(folder));
      this.#watchers.set(folder, watcher);
      const children: string[] = [];
      for await (const entry of await opendir(folder)) {
        if (entry.isDirectory()) children.push(join(folder, entry.name));
      }
      for (const child of children) await this.#walk(child);
    } catch {
      // Gone between the listing and the watch, or unreadable: nothing to watch there.
      this.#forget(folder);
    }
  }

  async #appeared(path: string): Promise<void> {
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) await this.#walk(path);
    else if (info === null) this.#forget(path);
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
