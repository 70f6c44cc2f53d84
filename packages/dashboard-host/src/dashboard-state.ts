import type { Catalog, ToolFailure } from "@org/openspec-core";
import { callTool } from "./call-tool.js";
import { MarkdownRenderer } from "./markdown-renderer.js";
import { SpecIndex } from "./spec-index.js";
import { SourceWatcher } from "./watch-sources.js";

/**
 * A source the dashboard shows: a registered one, or the repository of the
 * folder the server started in, which the catalog serves for this process only
 * (`registered: false`, `name: null`) until someone registers it.
 */
export type Source = {
  token: string;
  name: string | null;
  display_name: string;
  path: string;
  has_openspec: boolean;
  registered: boolean;
  /** What its URLs use: the display name, or the token when two sources share it. */
  key: string;
};

export type Listener = (event: { source: string }) => void;

/**
 * What the routes share: the catalog, the sources (the registry's, then the
 * catalog's process sources, each with the key its URLs use), the watchers and
 * the live-update listeners.
 */
export class DashboardState {
  readonly specIndex: SpecIndex;
  readonly markdown: MarkdownRenderer;
  readonly #watcher: SourceWatcher;
  readonly #listeners = new Set<Listener>();
  readonly #closers = new Set<() => void>();

  constructor(
    readonly catalog: Catalog,
    readonly csrf: string,
    readonly pageSize: number,
  ) {
    this.specIndex = new SpecIndex(catalog);
    this.markdown = new MarkdownRenderer();
    this.#watcher = new SourceWatcher((key) => {
      this.specIndex.invalidate(key);
      this.emit(key);
    });
  }

  /** Every source; each call also brings the watchers in line with them. */
  async sources(): Promise<Source[] | ToolFailure> {
    const [registered, unregistered] = await Promise.all([
      callTool(this.catalog, "openspec_source_list", {}),
      this.catalog.processSources(),
    ]);
    if (!registered.ok) return registered;
    if (!unregistered.ok) return unregistered;
    const all = [
      ...registered.sources.map(({ token, name, display_name, path, has_openspec }) => ({
        token,
        name,
        display_name,
        path,
        has_openspec,
        registered: true,
      })),
      // The catalog serves a process source only while its folder holds openspec/.
      ...unregistered.sources.map(({ token, display_name, path }) => ({
        token,
        name: null,
        display_name,
        path,
        has_openspec: true,
        registered: false,
      })),
    ];
    const counts = new Map<string, number>();
    for (const source of all) {
      const folded = source.display_name.toLowerCase();
      counts.set(folded, (counts.get(folded) ?? 0) + 1);
    }
    // A display name two sources share (two folders called app) would be ambiguous in a URL.
    const sources = all.map((source) => ({
      ...source,
      key:
        (counts.get(source.display_name.toLowerCase()) ?? 0) > 1
          ? source.token
          : source.display_name,
    }));
    this.#watcher.sync(
      sources.filter((s) => s.has_openspec).map((s) => ({ name: s.key, path: s.path })),
    );
    return sources;
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
    this.markdown.close();
    this.#listeners.clear();
    for (const closer of [...this.#closers]) closer();
    this.#closers.clear();
  }
}
