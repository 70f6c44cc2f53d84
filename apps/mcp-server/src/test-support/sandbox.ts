import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isolatedEnvironment, REAL_OPENSPEC_BIN, temporaryFolder } from "@org/test-kit";

/** The unbundled build, as `node dist/bin.js` runs it: for the tests of that entry itself. */
export const BUILT_SERVER = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
/**
 * The published bin, which starts the bundle in dist/bundle/ with Node's
 * compile cache: what users run, and what the tests start. It starts on half
 * the CPU of `dist/bin.js`'s hundred modules, and the tests start it hundreds of times.
 */
export const PUBLISHED_BIN = fileURLToPath(new URL("../../bin/openspec-mcp.js", import.meta.url));
/** The bundle the published bin starts; missing until `pnpm build`. */
export const SERVER_BUNDLE = fileURLToPath(
  new URL("../../dist/bundle/openspec-mcp.cjs", import.meta.url),
);

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
 * folders, PATH with only node). `cli: true` points OPENSPEC_BIN at the real CLI.
 * The server offers every toolset, as these tests drive the whole catalog; a
 * test of toolsets sets `OPENSPEC_AGENT_TOOLSETS` in `extra`.
 */
export function serverEnvironment(options: { cli: boolean; extra?: Record<string, string> }) {
  const { home, env } = isolatedEnvironment({
    PATH: nodeOnlyPath(),
    OPENSPEC_AGENT_TOOLSETS: "all",
    ...(options.cli ? { OPENSPEC_BIN: REAL_OPENSPEC_BIN } : {}),
    ...options.extra,
  });
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) defined[key] = value;
  return { home, env: defined };
}
