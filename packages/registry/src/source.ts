/** A registered repository, as every registry operation returns it. */
export interface Source {
  /** Stable identifier: `os_` plus 6 lowercase hex digits. Never changes. */
  readonly token: string;
  /** The vanity name, or `null` when the source is addressed by its basename. */
  readonly name: string | null;
  /** Normalized absolute path of the repository directory, without a trailing slash. */
  readonly path: string;
  /** When the source was registered, as an ISO 8601 UTC timestamp. */
  readonly createdAt: string;
  /** When the source's name or path last changed, as an ISO 8601 UTC timestamp. */
  readonly updatedAt: string;
  /** What to show a person: the vanity name, else the path's basename. */
  readonly displayName: string;
}
