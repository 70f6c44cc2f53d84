/**
 * What a confined program sees of the filesystem. Nothing else of the host is
 * there: no /etc, no /proc, no home folder, no other repository.
 */
export interface ConfinedView {
  /** The source folder: the only repository content the program sees. */
  root: string;
  /** False: the root is mounted read-only. */
  writable: boolean;
  /** More folders or files visible read-only (the program's installed files, Node, an allowed store); missing ones are skipped. */
  readOnly?: readonly string[];
  /** More folders writable (an allowed store, for a write command); missing ones are skipped. */
  readWrite?: readonly string[];
  /** The folder the program starts in; default `root`. It must lie inside the view. */
  cwd?: string;
  /**
   * Variables set inside, after the private home's `HOME` and `XDG_*`: a
   * caller that binds a settings file at its host path points the program at it here.
   */
  setEnv?: Readonly<Record<string, string>>;
}
