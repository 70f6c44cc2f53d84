import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isolatedEnvironment, temporaryFolder } from "@org/test-kit";

/** A script that serves the built library over stdio, as a client would start a server. */
export const STDIO_SERVER = fileURLToPath(new URL("./stdio-server.mjs", import.meta.url));

/**
 * A folder holding only `node`, for PATH: the CLI's shebang finds node, and
 * an openspec installed next to node on this machine cannot leak in.
 */
export function nodeOnlyPath(): string {
  const dir = temporaryFolder("node-bin-");
  symlinkSync(process.execPath, join(dir, "node"));
  return dir;
}

/**
 * The whole environment for a server in a home of its own (registry, XDG
 * folders, PATH with only node), offering every toolset; a test of toolsets
 * sets `OPENSPEC_AGENT_TOOLSETS` in `extra`.
 */
export function serverEnvironment(options: { extra?: Record<string, string> } = {}) {
  const { home, env } = isolatedEnvironment({
    PATH: nodeOnlyPath(),
    OPENSPEC_AGENT_TOOLSETS: "all",
    ...options.extra,
  });
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) defined[key] = value;
  return { home, env: defined };
}
