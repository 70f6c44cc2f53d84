import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { temporaryFolder, writeFiles } from "@org/test-kit";
import { openRepository, type Repository } from "../open-repository.js";

/** A repository folder with `openspec/specs` and `openspec/changes/archive`, plus the given files, opened. */
export function makeRepository(files: Record<string, string> = {}): {
  root: string;
  repository: Repository;
} {
  const root = temporaryFolder("repo-");
  mkdirSync(join(root, "openspec", "specs"), { recursive: true });
  mkdirSync(join(root, "openspec", "changes", "archive"), { recursive: true });
  writeFiles(root, files);
  return { root, repository: openedRepository(root) };
}

/** Opens a folder the test made; failing to is a broken test, not a result. */
export function openedRepository(root: string): Repository {
  const opened = openRepository(root);
  if (!opened.ok) throw new Error(opened.error);
  return opened.repository;
}
