import { dirname, isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";

/** The options whose value Node loads before the program: a file the confined run must see. */
const PRELOADS = new Set(["--require", "-r", "--import", "--loader", "--experimental-loader"]);

/**
 * The folders of the modules `NODE_OPTIONS` preloads by absolute path or
 * `file:` URL (`--require /opt/apm/agent.js`, `--import=file:///srv/hook.mjs`):
 * the operator's own code, which Node loads into every process it starts, the
 * confined CLI included. Left out of the view, Node stops before the CLI runs.
 * Words are split as Node splits `NODE_OPTIONS`: on spaces, with double quotes
 * holding a word together. A bare package name is resolved by Node from the
 * CLI's own folder, which the view already holds.
 */
export function nodeOptionsPreloadFolders(nodeOptions: string | undefined): string[] {
  if (nodeOptions === undefined) return [];
  const words = [...nodeOptions.matchAll(/"((?:\\.|[^"\\])*)"|(\S+)/g)].map((match) =>
    match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : (match[2] as string),
  );
  const folders: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const equals = word.indexOf("=");
    const option = equals === -1 ? word : word.slice(0, equals);
    if (!PRELOADS.has(option)) continue;
    if (equals === -1) index += 1;
    const value = equals === -1 ? words[index] : word.slice(equals + 1);
    const path = value?.startsWith("file:") ? safeFilePath(value) : value;
    if (path !== undefined && isAbsolute(path)) folders.push(dirname(path));
  }
  return folders;
}

function safeFilePath(url: string): string | undefined {
  try {
    return fileURLToPath(url);
  } catch {
    return undefined;
  }
}
