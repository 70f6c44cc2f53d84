import { basename, isAbsolute } from "node:path";
import { nameSourceFolders } from "./name-source-folders.js";

/** What a token holder reads in place of a folder of the server outside every source. */
export const SERVER_PATH = "<server path>";

/**
 * An absolute path in running text: a `/` that starts a word (not inside a
 * URL, a relative path or `~/…`), then everything up to a space, a quote,
 * a bracket or punctuation that ends a path in prose (a full stop at its
 * end is the sentence's).
 */
const ABSOLUTE_PATH = /(?<![\w.~/:@%+-])\/[^\s"'`<>()[\]{},;:|*?]*/g;

/**
 * A copy of a token holder's answer without the server's own paths, once
 * source and store folders are named: each absolute path in `command` (node's
 * and the OpenSpec CLI's install path, which every CLI-backed answer starts
 * with) becomes its file name, the server's home folder is written `~`, and
 * then every absolute path left, in any string at any depth, whose first
 * folder is one of the server's top-level folders (`topFolders`: `home`,
 * `srv`, `tmp`, `usr`…) becomes `<server path>`: an ancestor project the CLI
 * picked, a store's folder, where the CLI's schemas are installed
 * (`node_modules/.pnpm/…`), a scratch folder. The rule is the class, not a
 * list of fields, so a field a tool adds later is covered too. A path in
 * repository text that happens to name such a folder (`/etc/hosts` in a
 * spec) reads `<server path>` as well; a URL path such as `/api/orders`
 * stays unless the server has a top-level folder `api`.
 */
export function hideServerPaths<T>(
  answer: T,
  serverHome: string,
  topFolders: ReadonlySet<string> = new Set(),
): T {
  const withoutHome = nameSourceFolders(answer, [{ name: "~", path: serverHome }]);
  const hidden = topFolders.size === 0 ? withoutHome : hideAbsolutePaths(withoutHome, topFolders);
  if (hidden === null || typeof hidden !== "object" || !("command" in hidden)) {
    return hidden;
  }
  const { command } = withoutHome as { command: unknown };
  if (!Array.isArray(command)) return hidden;
  return {
    ...hidden,
    command: command.map((word) =>
      typeof word === "string" && isAbsolute(word) ? basename(word) : word,
    ),
  };
}

function hideAbsolutePaths<T>(answer: T, topFolders: ReadonlySet<string>): T {
  const rewrite = (value: unknown): unknown => {
    if (typeof value === "string") {
      return value.includes("/")
        ? value.replace(ABSOLUTE_PATH, (path) => {
            if (!topFolders.has(path.slice(1).split("/")[0] ?? "")) return path;
            // Full stops at the end belong to the sentence (counted by hand: no regex to backtrack).
            let end = path.length;
            while (end > 1 && path[end - 1] === ".") end -= 1;
            return `${SERVER_PATH}${path.slice(end)}`;
          })
        : value;
    }
    if (Array.isArray(value)) return value.map(rewrite);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewrite(inner)]));
    }
    return value;
  };
  return rewrite(answer) as T;
}
