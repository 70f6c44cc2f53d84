import { basename, isAbsolute, posix } from "node:path";
import { nameSourceFolders } from "./name-source-folders.js";
import type { ServerFolders } from "./server-folders.js";

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
 * source and store folders are named: every absolute path, in any string at
 * any depth, that is or lies under one of the server's own folders
 * (`folders`, see `createServerFolders`: a parent project, a store, where
 * the CLI and this server are installed, the registry's folder) and not in a
 * source the token may see becomes `<server path>`; then the server's home
 * folder is written `~`, and the absolute paths that start `command` (node's
 * and the CLI's install path, which every CLI-backed answer starts with)
 * become their file names. The rule is the class, not a list of fields, so a field a tool
 * adds later is covered too. Any other absolute path stays: repository text
 * that quotes `/etc/hosts` or `/usr/local/bin/tool` is the user's content,
 * and an agent that reads it, edits it and writes it back must write what
 * was there.
 */
export async function hideServerPaths<T>(
  answer: T,
  serverHome: string,
  folders?: ServerFolders,
): Promise<T> {
  const hidden = folders === undefined ? answer : hideFolders(answer, folders);
  const withoutHome = await nameSourceFolders(hidden, [{ name: "~", path: serverHome }]);
  if (withoutHome === null || typeof withoutHome !== "object" || !("command" in withoutHome)) {
    return withoutHome;
  }
  const { command: given } = answer as { command: unknown };
  const { command } = withoutHome as { command: unknown };
  if (!Array.isArray(given) || !Array.isArray(command)) return withoutHome;
  // The program words (node, the CLI) lead the command; the arguments after them are hidden like any text.
  const program = given.findIndex((word: unknown) => typeof word !== "string" || !isAbsolute(word));
  const programWords = program === -1 ? given.length : program;
  return {
    ...withoutHome,
    command: command.map((word: unknown, index) =>
      index < programWords ? basename(given[index] as string) : word,
    ),
  };
}

function hideFolders<T>(answer: T, folders: ServerFolders): T {
  if (folders.subtrees.size === 0 && folders.exact.size === 0) return answer;
  const rewrite = (value: unknown): unknown => {
    if (typeof value === "string") {
      return value.includes("/")
        ? value.replace(ABSOLUTE_PATH, (path) => {
            // Full stops at the end belong to the sentence (counted by hand: no regex to backtrack).
            let end = path.length;
            while (end > 1 && path[end - 1] === ".") end -= 1;
            return isServerPath(path.slice(0, end), folders)
              ? `${SERVER_PATH}${path.slice(end)}`
              : path;
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

/** Whether the path is or lies under a server folder, and in no source the token may see. */
function isServerPath(path: string, folders: ServerFolders): boolean {
  const normal = posix.normalize(path).replace(/(?<=.)\/+$/, "");
  let hidden = folders.exact.has(normal);
  // One look per folder above the path: the cost follows its depth, not the number of folders.
  for (let folder = normal; ; folder = posix.dirname(folder)) {
    if (folders.visible.has(folder)) return false;
    if (folders.subtrees.has(folder)) hidden = true;
    if (folder === posix.dirname(folder)) return hidden;
  }
}
