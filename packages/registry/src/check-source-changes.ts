import {
  type NormalizedPathResult,
  normalizeSourcePath,
  type PathContext,
} from "./normalize-source-path.js";
import type { UpdateSourceChanges } from "./registry.js";
import type { RegistryFailure } from "./registry-failure.js";
import { validateSourceName } from "./validate-source-name.js";

/** An update's changes after the checks that need no database. */
export interface CheckedSourceChanges {
  readonly ok: true;
  /** The new normalized path, if it changes. */
  readonly path?: string;
  /** The new vanity name (`null`: cleared), if it changes. */
  readonly name?: string | null;
}

/** Normalizes and validates an update before its transaction; shared by both databases. */
export function checkSourceChanges(
  changes: UpdateSourceChanges,
  paths: PathContext,
): CheckedSourceChanges | RegistryFailure {
  const path: NormalizedPathResult | undefined =
    changes.path === undefined ? undefined : normalizeSourcePath(changes.path, paths);
  if (path !== undefined && !path.ok) return path;
  const clearsName = changes.name === null || changes.name === "";
  const name = changes.name ? validateSourceName(changes.name) : undefined;
  if (name !== undefined && !name.ok) return name;
  return {
    ok: true,
    ...(path === undefined ? {} : { path: path.path }),
    ...(clearsName ? { name: null } : name === undefined ? {} : { name: name.name }),
  };
}
