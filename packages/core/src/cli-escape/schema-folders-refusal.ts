import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { leadsOutside } from "./leads-outside.js";
import { pathKind } from "./path-kind.js";

/** Entries of `openspec/schemas` looked at at most; a schema is a few files. */
const MOST_SCHEMA_ENTRIES = 5000;

/**
 * Refuses a run when a project schema's files lead out of the source: the
 * CLI reads `openspec/schemas/<name>/schema.yaml` of every project schema
 * when it lists or checks schema names, and the templates of the one a run
 * selects (by `--schema`, `openspec/config.yaml` or a change's
 * `.openspec.yaml`), following symlinks. So the whole of `openspec/schemas`
 * is walked, with `lstat` only: a symlink leading out (or dangling) and a
 * FIFO, socket or device are refused, whichever schema is selected. Symlinks
 * that stay inside are followed by the CLI and allowed here, not walked into.
 */
export async function schemaFoldersRefusal(
  folder: string,
  realRoot: string,
): Promise<ToolFailure | undefined> {
  const schemas = join(folder, "openspec", "schemas");
  const kind = await pathKind(schemas);
  if (kind === "missing") return undefined;
  const folders: string[] = [];
  const links: string[] = [schemas].filter(() => kind === "link");
  if (kind === "folder") folders.push(schemas);
  let seen = 0;
  for (let current = folders.pop(); current !== undefined; current = folders.pop()) {
    let entries: Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    seen += entries.length;
    if (seen > MOST_SCHEMA_ENTRIES) {
      return toolFailure(
        "invalid_input",
        `openspec/schemas holds more than ${MOST_SCHEMA_ENTRIES} entries, more than the OpenSpec CLI is let read for one run.`,
        "Keep only the schemas' own files in openspec/schemas, then call again.",
      );
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isSymbolicLink()) links.push(path);
      else if (entry.isDirectory()) folders.push(path);
      else if (!entry.isFile()) {
        const shown = relative(folder, path);
        return toolFailure(
          "not_a_regular_file",
          `${shown} is not a regular file, so the OpenSpec CLI would wait on it while reading the schema.`,
          `Remove ${shown} from the schema, then call again.`,
          { path: shown },
        );
      }
    }
  }
  for (const path of links.sort()) {
    if (await leadsOutside(path, realRoot)) {
      const shown = relative(folder, path);
      return toolFailure(
        "path_outside_repository",
        `${shown} is a symbolic link that leads out of the source, and the OpenSpec CLI reads schemas through it.`,
        `Replace the symlink ${shown} with the schema's files themselves, then call again.`,
        { path: shown },
      );
    }
  }
  return undefined;
}
