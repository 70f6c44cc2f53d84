import { sep } from "node:path";

/**
 * The folder that holds everything an installed program loads: the outermost
 * `node_modules` above `file` (pnpm keeps a package's dependencies as its
 * siblings under `node_modules/.pnpm`, so the package's own folder is not
 * enough), or `fallback` when `file` is not under any `node_modules`.
 */
export function installFolderOf(file: string, fallback: string): string {
  const parts = file.split(sep);
  const first = parts.indexOf("node_modules");
  if (first <= 0) return fallback;
  return parts.slice(0, first + 1).join(sep);
}
