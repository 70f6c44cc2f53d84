import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout these checks run in. */
export const REPOSITORY = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");

/** A file of the checkout, by its path from the root. */
export function readRepositoryFile(path: string): string {
  return readFileSync(join(REPOSITORY, path), "utf8");
}
