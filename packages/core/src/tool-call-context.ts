import type { FixWording } from "./fix-wording.js";

/** One step a running call can report: what it is doing now, in one line. */
export type ToolProgress = {
  /** e.g. `running openspec validate add-auth`, `still running openspec validate add-auth`. */
  message: string;
};

/**
 * What a host hands one tool call, so the call can be stopped and can say how
 * it goes, without the tool knowing which host (MCP, shell, Hermes) asked.
 */
export type ToolCallContext = {
  /** Aborting it stops the call: a CLI run behind it is killed with its process group. */
  signal?: AbortSignal | undefined;
  /**
   * Told when a CLI run waits for a turn, starts, and every second while it
   * runs (a heartbeat, never a percentage); a listener that throws is ignored.
   */
  onProgress?: ((progress: ToolProgress) => void) | undefined;
  /**
   * How the result's `fix` (or a success's `note`) names tools and fields: as
   * tools (the default, for agents) or as the shell commands and flags of the
   * catalog's presentation.
   */
  fixWording?: FixWording | undefined;
  /**
   * Who asks (a session or token id): CLI runs of different callers take
   * turns round-robin, so one caller's burst cannot starve another. Calls
   * without one share one turn order.
   */
  caller?: string | undefined;
  /**
   * Set by a host that offers only reading (a read-only token, `--read-only`):
   * a tool that may also write (`servesReadOnly`) then does only what reads.
   */
  readOnly?: boolean | undefined;
};

/**
 * How a handler runs the CLI: `cancellable: false` for a command that writes
 * to the repository, which a cancel may keep from starting but never
 * interrupts, so no half-written change is left behind.
 */
export type RunCliOptions = {
  cancellable?: boolean;
  /**
   * Whether the command writes into its workdir: a confined run sees the
   * workdir writable only then. Defaults to `cancellable === false` (the
   * commands that write are exactly those a cancel must not interrupt).
   */
  writes?: boolean;
  /** Folders outside the workdir the run may read (the repository schemas a scratch folder links to). */
  alsoReads?: readonly string[];
  /**
   * False for a run in a one-off folder (a scratch copy): confined, warm
   * workers serve one folder each, so it runs cold rather than aim a worker
   * at a folder no later run will use.
   */
  warm?: boolean;
  /**
   * The source whose content the run acts on, checked before it starts
   * (`findCliEscape`): the workdir when not given; another folder for a run
   * in a scratch copy of a source; `null` for a run that reads no source
   * (the CLI's store list in the user's home).
   */
  source?: string | null;
};
