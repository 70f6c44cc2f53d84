import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Catalog, SourceListSuccess, ToolFailure } from "@org/openspec-core";
import { callTool } from "./call-tool.js";
import { ModifiedTimes } from "./modified-times.js";
import { SpecIndex } from "./spec-index.js";
import { SourceWatcher } from "./watch-sources.js";

export type Source = SourceListSuccess["sources"][number] & { key: string };

export type Listener = (event: { source: string }) => void;

/**
 * What the routes share: the catalog, the sources as the registry lists them
 * (each with the key its URLs use), the watchers and the live-update listeners.
 */
export class DashboardState {
  readonly modified: ModifiedTimes;
  readonly specIndex: SpecIndex;
  readonly #watcher: SourceWatcher;
  readonly #listeners = new Set<Listener>();
  readonly #closers = new Set<() => void>();

  constructor(
    readonly catalog: Catalog,
    readonly csrf: string,
    readonly offerFolder: string | null,
    readonly pageSize: number,
  ) {
    this.specIndex = new SpecIndex(catalog);
    this.modified = new ModifiedTimes(catalog, (source) => this.emit(source));
    this.#watcher = new SourceWatcher((key) => {
      this.specIndex.invalidate(key);
      this.modified.invalidate(key);
      this.emit(key);
    });
  }

  /** The registered sources; each call also brings the watchers in line with them. */
  async sources(): Promise<Source[] | ToolFailure> {
    const result = await callTool(this.catalog, "openspec_source_list", {});
    if (!result.ok) return result;
    const counts = new Map<string, number>();
    for (const source of result.sources) {
      counts.set(source.display_name, (counts.get(source.display_name) ?? 0) + 1);
    }
    // A display name two sources share (two folders called app) would be ambiguous in a URL.
    const sources = result.sources.map((source) => ({
      ...source,
      key: (counts.get(source.display_name) ?? 0) > 1 ? source.token : source.display_name,
    }));
    this.#watcher.sync(
      sources.filter((s) => s.has_openspec).map((s) => ({ name: s.key, path: s.path })),
    );
    return sources;
  }

  /** The folder the server started in, when it has openspec/ and no source points at it. */
  offer(sources: readonly Source[]): string | null {
    const folder = this.offerFolder;
    if (folder === null || !existsSync(join(folder, "openspec"))) return null;
    return sources.some((source) => source.path === folder) ? null : folder;
  }

  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(source: string): void {
    for (const listener of this.#listeners) listener({ source });
  }

  /** Runs `closer` when the dashboard closes (open event streams end then); returns its removal. */
  onClose(closer: () => void): () => void {
    this.#closers.add(closer);
    return () => this.#closers.delete(closer);
  }

  watched(): string[] {
    return this.#watcher.watched();
  }

  close(): void {
    this.#watcher.close();
    this.modified.close();
    this.#listeners.clear();
    for (const closer of [...this.#closers]) closer();
    this.#closers.clear();
  }
}
