import { existsSync, lstatSync, realpathSync } from "node:fs";
import { join } from "node:path";
import type { Repository } from "../open-repository.js";
import type { NeedsCli } from "./read-folder-tree.js";

/**
 * The root the CLI picks when it runs in the repository: the repository
 * itself (links resolved) when its `openspec/` is a folder holding a
 * `changes/` or `specs/` folder that is not a store's. Otherwise the CLI
 * would look further up or at a store, which is its own business.
 */
export function realRootOf(repository: Repository): string | NeedsCli {
  let root: string;
  try {
    root = realpathSync.native(repository.root);
  } catch {
    return { needsCli: "the repository folder could not be resolved" };
  }
  const kind = (path: string) => {
    try {
      const stats = lstatSync(path);
      return stats.isSymbolicLink() ? "link" : stats.isDirectory() ? "folder" : "other";
    } catch {
      return "none";
    }
  };
  if (kind(join(root, "openspec")) !== "folder") {
    return { needsCli: "openspec/ is not a plain folder" };
  }
  let planning = false;
  for (const part of ["changes", "specs"]) {
    const path = join(root, "openspec", part);
    const found = kind(path);
    if (found === "link") return { needsCli: `openspec/${part} is a symbolic link` };
    if (found !== "folder") continue;
    if (existsSync(join(path, ".openspec-store", "store.yaml"))) {
      return { needsCli: `openspec/${part} holds a store` };
    }
    planning = true;
  }
  return planning ? root : { needsCli: "openspec/ holds neither changes/ nor specs/" };
}
