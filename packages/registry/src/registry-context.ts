import type { PathContext } from "./normalize-source-path.js";
import type { RegistryDatabase } from "./registry-database.js";

/** What every operation needs: the connection, the file (for messages), how to read paths. */
export interface RegistryContext {
  readonly db: RegistryDatabase;
  readonly file: string;
  readonly paths: PathContext;
  /** This user may not write the file: every write answers `registry_read_only` up front. */
  readonly readOnly: boolean;
  /** How long a write waits for another process's lock while no other write finishes. */
  readonly busyTimeoutMs: number;
}
