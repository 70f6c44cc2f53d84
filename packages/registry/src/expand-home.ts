import { join } from "node:path";

/** Expands a leading `~` or `~/` to `home`; `~user` forms are left alone. */
export function expandHome(path: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return join(home, path.slice(2));
  return path;
}
