import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A temporary home for a benchmark's catalog, so it never touches the user's
 * registry or OpenSpec folders: `{ home, env }` with `HOME`, the XDG folders
 * and the registry inside it, and the bundled OpenSpec CLI (needs a build).
 */
export async function catalogHome() {
  const { findBundledOpenSpec } = await import("../packages/cli-runner/dist/index.js");
  const home = mkdtempSync(join(tmpdir(), "openspec-bench-home-"));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    OPENSPEC_BIN: findBundledOpenSpec(),
    OPENSPEC_AGENT_DB: join(home, "registry.db"),
  };
  return { home, env };
}
