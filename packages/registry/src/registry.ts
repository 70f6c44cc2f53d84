import type { RegistryFailure } from "./registry-failure.js";
import type { Source } from "./source.js";

/** A source, or why the operation could not produce one. */
export type SourceResult = { readonly ok: true; readonly source: Source } | RegistryFailure;

/** All sources, oldest first, or why they could not be read. */
export type SourceListResult =
  | { readonly ok: true; readonly sources: readonly Source[] }
  | RegistryFailure;

export interface AddSourceInput {
  /** The repository directory; `~` and relative paths are expanded. It must exist. */
  readonly path: string;
  /** Optional vanity name; `null` or absent means "address it by its basename". */
  readonly name?: string | null;
}

export interface UpdateSourceChanges {
  /** A new directory for the source; the token and creation time stay. */
  readonly path?: string;
  /** A new vanity name; `null` or `""` clears it. Absent keeps the current one. */
  readonly name?: string | null;
}

/**
 * An open registry file. Every method runs against the file itself, so it
 * sees what other processes wrote; writes take the lock up front. The
 * synchronous writes wait for another process's lock on the calling thread;
 * the `*Async` ones wait without blocking it.
 */
export interface Registry {
  /** The absolute path of the SQLite file. */
  readonly path: string;
  add(input: AddSourceInput): SourceResult;
  /** `identifier` is resolved exactly like {@link Registry.resolve}. */
  update(identifier: string, changes: UpdateSourceChanges): SourceResult;
  /** Returns the source that was removed. */
  remove(identifier: string): SourceResult;
  /**
   * {@link Registry.add} for hosts that serve other calls meanwhile: while
   * another process holds the write lock it waits without blocking the event
   * loop (short busy timeout, asynchronous retries, same 10 s budget).
   */
  addAsync(input: AddSourceInput): Promise<SourceResult>;
  /** {@link Registry.update}, waiting for the lock like {@link Registry.addAsync}. */
  updateAsync(identifier: string, changes: UpdateSourceChanges): Promise<SourceResult>;
  /** {@link Registry.remove}, waiting for the lock like {@link Registry.addAsync}. */
  removeAsync(identifier: string): Promise<SourceResult>;
  list(): SourceListResult;
  /** Token, then vanity name, then basename of an unnamed source (all ignoring case). */
  resolve(identifier: string): SourceResult;
  /** Closes the file; calling it twice is harmless. */
  close(): void;
}
