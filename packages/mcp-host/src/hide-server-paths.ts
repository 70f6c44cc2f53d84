import { basename, isAbsolute } from "node:path";
import { nameSourceFolders } from "./name-source-folders.js";

/**
 * A copy of a token holder's answer without the server's own paths, once
 * source and store folders are named: each absolute path in `command` (node's
 * and the OpenSpec CLI's install path, which every CLI-backed answer starts
 * with) becomes its file name, and the server's home folder is written `~`
 * wherever it still appears (the CLI's doctor names its config there). A
 * token needs the command's words, not where the server keeps its programs.
 */
export function hideServerPaths<T>(answer: T, serverHome: string): T {
  const withoutHome = nameSourceFolders(answer, [{ name: "~", path: serverHome }]);
  if (withoutHome === null || typeof withoutHome !== "object" || !("command" in withoutHome)) {
    return withoutHome;
  }
  const { command } = withoutHome as { command: unknown };
  if (!Array.isArray(command)) return withoutHome;
  return {
    ...withoutHome,
    command: command.map((word) =>
      typeof word === "string" && isAbsolute(word) ? basename(word) : word,
    ),
  };
}
