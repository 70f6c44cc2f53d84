import { accessSync, closeSync, constants, openSync, readSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

export type ShimTargets =
  | { kind: "not_a_shim" }
  | { kind: "unsupported"; reason: string }
  /** The one JavaScript file the shim runs with the node on PATH, resolved as the shell would. */
  | { kind: "shim"; target: string };

// cmd-shim's scripts (npm's and pnpm's `node_modules/.bin/*`) are about 1 KiB.
const MAX_SHIM_BYTES = 16 * 1024;

// The line that runs the target, with or without `exec` (older npm shims), with
// the node next to the shim or the one on PATH, and nothing between node and
// the file: `exec node  "$basedir/../@fission-ai/openspec/bin/openspec.js" "$@"`.
const RUN_LINE =
  /^\s*(?:exec\s+)?("\$basedir\/node"|node)\s+"\$basedir\/([^"$`\\]+)"\s+"\$@"\s*$/gm;
const BASEDIR_REFERENCE = /"\$basedir\/([^"]*)"/g;

/**
 * Reads `bin` as an npm or pnpm shell shim (the cmd-shim format): a `#!/bin/sh`
 * script that sets `basedir` to its own folder and runs `node
 * "$basedir/<target>" "$@"`, with the node next to it when there is one.
 * `basedir` comes from the path the shim is run by, as `$0` would, so a link
 * to a shim is read from the link's folder. Any other file is not a shim.
 */
export function readShimTargets(bin: string): ShimTargets {
  const text = readSmallText(bin);
  if (text === undefined || !/^#!\s*(\/bin\/sh|\/usr\/bin\/env\s+sh)\s*\n/.test(text)) {
    return { kind: "not_a_shim" };
  }
  if (!/^basedir=\$\(dirname "\$\(echo "\$0"/m.test(text)) return { kind: "not_a_shim" };
  const runs = [...text.matchAll(RUN_LINE)];
  if (runs.length === 0) return { kind: "not_a_shim" };
  const basedir = dirname(bin);
  const targets = new Set(runs.map((run) => resolve(basedir, run[2] as string)));
  const referenced = [...text.matchAll(BASEDIR_REFERENCE)].map((match) => match[1]);
  if (targets.size !== 1 || referenced.some((path) => path !== "node" && !isTarget(path))) {
    return { kind: "unsupported", reason: `${bin} is a shell shim that runs more than one file.` };
  }
  const usesOwnNode = runs.some((run) => run[1] !== "node");
  const ownNode = resolve(basedir, "node");
  if (usesOwnNode && isExecutable(ownNode)) {
    return {
      kind: "unsupported",
      reason: `${bin} runs ${ownNode}, not the node on PATH that warm workers run.`,
    };
  }
  return { kind: "shim", target: [...targets][0] as string };

  function isTarget(path: string | undefined): boolean {
    return path !== undefined && targets.has(resolve(basedir, path));
  }
}

function readSmallText(path: string): string | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined || !stats.isFile() || stats.size > MAX_SHIM_BYTES) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const buffer = Buffer.alloc(stats.size);
    const read = readSync(fd, buffer, 0, stats.size, 0);
    return buffer.subarray(0, read).toString("utf8");
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
