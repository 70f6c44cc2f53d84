import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
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

const APP = join(import.meta.dirname, "..");
const BUNDLE = join(APP, "dist", "bundle", "openspec-agent.bundle.cjs");

/** Every file under `folder` with its modification time (Node's cache keeps a folder per Node version). */
const cacheFiles = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((entry) => statSync(join(folder, entry)).isFile())
    .sort()
    .map((entry) => [entry, statSync(join(folder, entry)).mtimeMs]);

describe("openspec-agent's compile cache", () => {
  it("GIVEN an empty cache folder WHEN openspec-agent starts twice THEN the first start writes the cache and the second reads it without writing it again", () => {
    const folder = join(temporaryFolder(), "cache");
    const first = versionWithCache(folder);
    expect(first).toMatchObject({ status: 0, stderr: "" });
    const written = cacheFiles(folder);
    expect(written.length).toBeGreaterThan(0);
    const second = versionWithCache(folder);
    expect(second).toEqual(first);
    // A cache Node rejected would be written anew; one it used is left as it was.
    expect(cacheFiles(folder)).toEqual(written);
  });

  it("GIVEN a warm cache WHEN openspec-agent starts THEN it reads the bundle's compiled code from Node's compile cache", () => {
    const folder = join(temporaryFolder(), "cache");
    versionWithCache(folder);
    // Node's own account of its cache, on stderr when asked for it.
    const { env, home } = isolatedEnvironment({
      OPENSPEC_AGENT_COMPILE_CACHE: folder,
      NODE_DEBUG_NATIVE: "COMPILE_CACHE",
    });
    const second = runBin(["--version"], { env, cwd: home });
    expect(second.status).toBe(0);
    // "[compile cache] … <bundle> was accepted, keeping the in-memory entry"
    const accepted = second.stderr
      .split("\n")
      .some((line) => line.includes(` ${BUNDLE} was accepted`));
    expect(accepted, second.stderr.slice(0, 4000)).toBe(true);
  });

  it("GIVEN a warm cache WHEN the bundle is replaced by one of the same length with other code THEN the new code runs, not the cached one", () => {
    // A copy of the installed app: its manifest, the bin, the bundle, and its dependencies.
    const app = join(temporaryFolder(), "app");
    mkdirSync(app);
    cpSync(join(APP, "package.json"), join(app, "package.json"));
    cpSync(join(APP, "bin"), join(app, "bin"), { recursive: true });
    cpSync(join(APP, "dist", "bundle"), join(app, "dist", "bundle"), { recursive: true });
    symlinkSync(join(APP, "node_modules"), join(app, "node_modules"));
    const folder = join(temporaryFolder(), "cache");
    const { env, home } = isolatedEnvironment({ OPENSPEC_AGENT_COMPILE_CACHE: folder });
    const help = () =>
      runBin(["--help"], { env, cwd: home, bin: join(app, "bin", "openspec-agent.js") });
    expect(help().stdout).toContain("OpenSpec tools for agents");
    const bundle = join(app, "dist", "bundle", "openspec-agent.bundle.cjs");
    const before = readFileSync(bundle, "utf8");
    const after = before.replaceAll("OpenSpec tools for agents", "OpenSpec TOOLS for agents");
    expect(after).not.toBe(before);
    writeFileSync(bundle, after, "utf8");
    const changed = help();
    expect(changed.status).toBe(0);
    expect(changed.stdout).toContain("OpenSpec TOOLS for agents");
  });

  it("GIVEN a damaged cache WHEN openspec-agent starts THEN it answers as usual and replaces the damaged files", () => {
    const folder = join(temporaryFolder(), "cache");
    const answer = versionWithCache(folder);
    const files = cacheFiles(folder).map(([file]) => join(folder, String(file)));
    const largest = files.reduce((a, b) => (statSync(b).size > statSync(a).size ? b : a));
    for (const file of files) writeFileSync(file, "not a code cache");
    expect(versionWithCache(folder)).toEqual(answer);
    expect(readFileSync(largest).length).toBeGreaterThan(1000);
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
    expect(cacheFiles(join(env.XDG_CACHE_HOME as string, "openspec-agent")).length).toBeGreaterThan(
      0,
    );
  });

  it("GIVEN a cache folder that cannot be made WHEN openspec-agent starts THEN it answers as usual and says nothing about it", () => {
    const blocked = join(temporaryFolder(), "a-file");
    writeFileSync(blocked, "in the way");
    const run = versionWithCache(join(blocked, "cache"));
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
