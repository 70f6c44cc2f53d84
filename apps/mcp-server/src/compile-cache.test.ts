import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_MESSAGES } from "./test-support/first-messages.js";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

const BUNDLE = join(import.meta.dirname, "..", "dist", "bundle", "openspec-mcp.bundle.cjs");

/** The published bin answering the first messages, in a home of its own with the settings given. */
function startAndList(extra: Record<string, string | undefined>) {
  const { env } = serverEnvironment({ cli: false, extra: extra as Record<string, string> });
  const run = spawnSync(process.execPath, [PUBLISHED_BIN], {
    env,
    input: FIRST_MESSAGES,
    encoding: "utf8",
  });
  const answers = run.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { id?: number })
    // The answers, not the notifications the server may send between them.
    .filter((message) => message.id !== undefined);
  return { status: run.status, stderr: run.stderr, answers };
}

describe("openspec-mcp's compile cache", () => {
  it("GIVEN an empty cache folder WHEN openspec-mcp answers tools/list twice THEN the first start fills the folder and the second reads the bundle's compiled code from it", () => {
    const folder = join(temporaryFolder(), "cache");
    const first = startAndList({ OPENSPEC_AGENT_COMPILE_CACHE: folder });
    expect(first.status, first.stderr).toBe(0);
    expect(first.answers.map((answer) => answer.id)).toEqual([1, 2]);
    expect(readdirSync(folder, { recursive: true }).length).toBeGreaterThan(0);
    // Node's own account of its cache, on stderr when asked for it.
    const second = startAndList({
      OPENSPEC_AGENT_COMPILE_CACHE: folder,
      NODE_DEBUG_NATIVE: "COMPILE_CACHE",
    });
    expect(second.answers).toEqual(first.answers);
    // "[compile cache] … <bundle> was accepted, keeping the in-memory entry"
    const accepted = second.stderr
      .split("\n")
      .some((line) => line.includes(` ${BUNDLE} was accepted`));
    expect(accepted, second.stderr.slice(0, 4000)).toBe(true);
  });

  it("GIVEN no setting WHEN openspec-mcp answers tools/list THEN its cache goes to $XDG_CACHE_HOME/openspec-agent, where openspec-agent keeps its own", () => {
    const xdgCache = join(temporaryFolder(), "xdg-cache");
    const run = startAndList({ OPENSPEC_AGENT_COMPILE_CACHE: undefined, XDG_CACHE_HOME: xdgCache });
    expect(run.answers.map((answer) => answer.id)).toEqual([1, 2]);
    expect(
      readdirSync(join(xdgCache, "openspec-agent"), { recursive: true }).length,
    ).toBeGreaterThan(0);
  });
});
