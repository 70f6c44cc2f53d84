import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isolatedEnvironment, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

/** `openspec-agent --version` with its compile cache in `folder` (or the setting given). */
function versionWithCache(setting: string) {
  const { env, home } = isolatedEnvironment({ OPENSPEC_AGENT_COMPILE_CACHE: setting });
  return runBin(["--version"], { env, cwd: home });
}

const BUNDLE = join(import.meta.dirname, "..", "dist", "bundle", "openspec-agent.bundle.cjs");

const cacheFiles = (folder: string) =>
  readdirSync(folder).filter((entry) => entry.endsWith(".v8cache"));

describe("openspec-agent's compile cache", () => {
  it("GIVEN an empty cache folder WHEN openspec-agent starts twice THEN the first start writes the cache and the second reads it without writing it again", () => {
    const folder = join(temporaryFolder(), "cache");
    const first = versionWithCache(folder);
    expect(first).toMatchObject({ status: 0, stderr: "" });
    const [file] = cacheFiles(folder);
    expect(file).toMatch(/^openspec-agent-v\d+\.\d+\.\d+-.+\.v8cache$/);
    const written = statSync(join(folder, file as string));
    const second = versionWithCache(folder);
    expect(second).toEqual(first);
    // A cache V8 rejected would be written anew; one it used is left as it was.
    expect(statSync(join(folder, file as string)).mtimeMs).toBe(written.mtimeMs);
    expect(cacheFiles(folder)).toEqual([file]);
  });

  it("GIVEN two builds of the same length WHEN each starts THEN each has a cache of its own, named by the bundle's content (V8 checks a cache only against the source's length, and npm gives every file the same mtime)", () => {
    const folder = join(temporaryFolder(), "cache");
    versionWithCache(folder);
    const content = createHash("sha256").update(readFileSync(BUNDLE)).digest("hex").slice(0, 16);
    expect(cacheFiles(folder)).toEqual([expect.stringContaining(`-${content}.v8cache`)]);
  });

  it("GIVEN a damaged cache file WHEN openspec-agent starts THEN it answers as usual and replaces the file", () => {
    const folder = join(temporaryFolder(), "cache");
    const answer = versionWithCache(folder);
    const [file] = cacheFiles(folder);
    const path = join(folder, file as string);
    writeFileSync(path, "not a code cache");
    expect(versionWithCache(folder)).toEqual(answer);
    expect(readFileSync(path).length).toBeGreaterThan(1000);
  });

  it("GIVEN a cache of an earlier build WHEN openspec-agent writes its own THEN the earlier one is removed and other programs' files stay", () => {
    const folder = join(temporaryFolder(), "cache");
    mkdirSync(folder);
    writeFileSync(join(folder, "openspec-agent-v0.0.0-x64-1-1.v8cache"), "old");
    writeFileSync(join(folder, "other-program.v8cache"), "kept");
    expect(versionWithCache(folder).status).toBe(0);
    const files = cacheFiles(folder);
    expect(files).toContain("other-program.v8cache");
    expect(files.filter((entry) => entry.startsWith("openspec-agent-"))).toHaveLength(1);
    expect(files).not.toContain("openspec-agent-v0.0.0-x64-1-1.v8cache");
  });

  it("GIVEN OPENSPEC_AGENT_COMPILE_CACHE=0 WHEN openspec-agent starts THEN it writes no cache anywhere", () => {
    const { env, home } = isolatedEnvironment({ OPENSPEC_AGENT_COMPILE_CACHE: "0" });
    expect(runBin(["--version"], { env, cwd: home })).toMatchObject({ status: 0, stderr: "" });
    expect(readdirSync(home)).not.toContain(".cache");
  });

  it("GIVEN no setting WHEN openspec-agent starts THEN the cache goes to $XDG_CACHE_HOME/openspec-agent", () => {
    const { env, home } = isolatedEnvironment({
      OPENSPEC_AGENT_COMPILE_CACHE: undefined,
      XDG_CACHE_HOME: join(temporaryFolder(), "xdg-cache"),
    });
    expect(runBin(["--version"], { env, cwd: home }).status).toBe(0);
    expect(cacheFiles(join(env.XDG_CACHE_HOME as string, "openspec-agent"))).toHaveLength(1);
  });

  it("GIVEN a cache folder that cannot be made WHEN openspec-agent starts THEN it answers as usual and says nothing about it", () => {
    const blocked = join(temporaryFolder(), "a-file");
    writeFileSync(blocked, "in the way");
    const run = versionWithCache(join(blocked, "cache"));
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
