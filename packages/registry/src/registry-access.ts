import { accessSync, constants, existsSync } from "node:fs";
import { dirname } from "node:path";

/**
 * How this process may use the registry file: write it, only read it (the
 * file, or the folder its write-ahead log lives in, is not writable for this
 * user), or not at all (missing, in a folder where it cannot be created).
 */
export function registryAccess(file: string): "writable" | "read_only" | "cannot_create" {
  if (!existsSync(file)) return writable(dirname(file)) ? "writable" : "cannot_create";
  if (!writable(file)) return "read_only";
  // In WAL mode a writer needs its -wal and -shm files, created next to the file.
  if (writable(dirname(file))) return "writable";
  return writable(`${file}-wal`) && writable(`${file}-shm`) ? "writable" : "read_only";
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
