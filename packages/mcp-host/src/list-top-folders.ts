import { readdir } from "node:fs/promises";

/**
 * The names in the server's root folder (`home`, `srv`, `tmp`, `usr`…),
 * read once, asynchronously: an absolute path in an answer that starts with
 * one of them is a path of the server, which a token holder is not shown.
 * None when the root folder cannot be listed.
 */
export async function listTopFolders(): Promise<ReadonlySet<string>> {
  try {
    return new Set(await readdir("/"));
  } catch {
    return new Set();
  }
}
