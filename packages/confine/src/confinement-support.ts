/** Whether this host can confine a program, and with what. */
export type ConfinementSupport =
  | {
      ok: true;
      kind: "bubblewrap";
      /** The absolute path of the `bwrap` executable. */
      bwrap: string;
      /**
       * The bwrap options that show the host's system folders read-only, as
       * the host lays them out (`/usr`, and `/bin`, `/lib`, `/lib64`, `/sbin`
       * as links into it or as folders): found once by `findConfinement`, so
       * `confineCommand` needs no I/O.
       */
      system: readonly string[];
    }
  | { ok: false; reason: string };

export type ConfinementAvailable = Extract<ConfinementSupport, { ok: true }>;
