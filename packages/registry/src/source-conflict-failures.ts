import { type RegistryFailure, registryFailure } from "./registry-failure.js";
import type { Source } from "./source.js";

/** The path is `owner`'s already. */
export function pathTaken(owner: Source): RegistryFailure {
  return registryFailure(
    "duplicate_source_path",
    `Path ${owner.path} is already registered as ${owner.displayName} (${owner.token}); use that source or remove it first.`,
    [owner],
  );
}

/** The path is `owner`'s folder under another spelling (a symlink either way round). */
export function sameFolderTaken(path: string, owner: Source): RegistryFailure {
  return registryFailure(
    "duplicate_source_path",
    `Path ${path} is the same folder as ${owner.path} (through a symlink), already registered as ${owner.displayName} (${owner.token}); use that source or remove it first.`,
    [owner],
  );
}

/** The vanity name is `holder`'s name, or the basename `holder` answers to. */
export function nameTaken(name: string, holder: Source): RegistryFailure {
  const how = holder.name === null ? "the basename of" : "the name of";
  return registryFailure(
    "duplicate_source_name",
    `Name ${JSON.stringify(name)} is already ${how} ${holder.token} at ${holder.path}; choose another name.`,
    [holder],
  );
}
