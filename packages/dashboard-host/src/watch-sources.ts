import { existsSync } from "node:fs";
import { join } from "node:path";
import { type FolderWatch, watchFolder } from "@org/openspec-artifacts";

export type WatchedSource = { name: string; path: string };

/**
 * Watches each source's openspec/ folder and every folder below it, and calls `onChange(name)` once per burst of events:
 * an editor's save or an archive moves many files, and the pages should
 * refresh once, within `debounceMs`. The folders' watchers are the process's
 * shared ones (`watchFolder`), so an MCP server in the same process that
 * follows the same repositories adds none.
 */
export class SourceWatcher {
  readonly #watchers = new Map<string, { path: string; watch: FolderWatch }>();
  readonly #timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly onChange: (name: string) => void,
    private readonly debounceMs = 150,
  ) {}

  /**
   * Watches exactly these sources from now on: new ones are added, gone or
   * moved ones closed. Resolves once the new ones' folders are all watched.
   */
  sync(sources: readonly WatchedSource[]): Promise<void> {
    const started: Promise<void>[] = [];
    const wanted = new Map(sources.map((source) => [source.name, join(source.path, "openspec")]));
    for (const [name, current] of this.#watchers) {
      if (wanted.get(name) !== current.path) this.#unwatch(name);
    }
    for (const [name, path] of wanted) {
      if (this.#watchers.has(name) || !existsSync(path)) continue;
      const watch = watchFolder(path, () => this.#changed(name));
      this.#watchers.set(name, { path, watch });
      // A folder the walk cannot watch is skipped; the rest is live.
      started.push(watch.ready);
    }
    return Promise.all(started).then(() => {});
  }

  watched(): string[] {
    return [...this.#watchers.keys()];
  }

  close(): void {
    for (const name of [...this.#watchers.keys()]) this.#unwatch(name);
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  #unwatch(name: string): void {
    this.#watchers.get(name)?.watch.close();
    this.#watchers.delete(name);
  }

  #changed(name: string): void {
    if (this.#timers.has(name)) return;
    this.#timers.set(
      name,
      setTimeout(() => {
        this.#timers.delete(name);
        this.onChange(name);
      }, this.debounceMs),
    );
  }
}
