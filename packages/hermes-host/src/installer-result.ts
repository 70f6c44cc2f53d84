/** The codes an install or uninstall can fail with. */
export type InstallerFailureCode =
  | "plugin_not_built"
  | "plugin_conflict"
  | "config_invalid"
  | "io_error";

export type InstallerFailure = {
  ok: false;
  code: InstallerFailureCode;
  /** One sentence that says what went wrong. */
  error: string;
  /** What to do about it. */
  fix: string;
  /** An older OpenSpec plugin's source registry, when one was found. */
  legacy_db?: string;
};

export function installerFailure(
  code: InstallerFailureCode,
  error: string,
  fix: string,
  legacyDb: string | null = null,
): InstallerFailure {
  return legacyDb === null
    ? { ok: false, code, error, fix }
    : { ok: false, code, error, fix, legacy_db: legacyDb };
}

/** A file operation in the Hermes home failed (permissions, a full disk). */
export function ioFailure(
  doing: string,
  error: unknown,
  legacyDb: string | null = null,
): InstallerFailure {
  const reason = error instanceof Error ? error.message : String(error);
  return installerFailure(
    "io_error",
    `${doing} failed: ${reason}`,
    "Check that the Hermes home is writable and run the command again.",
    legacyDb,
  );
}
