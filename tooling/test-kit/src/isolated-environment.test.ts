import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ENTRY = new URL("../dist/index.js", import.meta.url).href;
const made: string[] = [];

afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The compile cache folder a fresh process's isolatedEnvironment() names, with `temporary` as TMPDIR. */
function compileCacheWith(temporary: string): string {
  const script = `const { isolatedEnvironment } = await import(${JSON.stringify(ENTRY)}); console.log(isolatedEnvironment().env.OPENSPEC_AGENT_COMPILE_CACHE);`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    env: { ...process.env, TMPDIR: temporary },
  });
  expect(run.stderr).toBe("");
  return run.stdout.trim();
}

const shared = (temporary: string) =>
  join(temporary, `openspec-agent-compile-cache-${process.getuid?.() ?? "user"}`);

describe("isolatedEnvironment's compile cache", () => {
  it("GIVEN no earlier test run WHEN two environments are made in two processes THEN both use one private folder of this user's", () => {
    const temporary = mkdtempSync(join(tmpdir(), "kit-"));
    made.push(temporary);
    expect(compileCacheWith(temporary)).toBe(shared(temporary));
    expect(compileCacheWith(temporary)).toBe(shared(temporary));
    expect(statSync(shared(temporary)).mode & 0o777).toBe(0o700);
  });

  it("GIVEN the shared folder's name taken by a folder others may write to WHEN an environment is made THEN a fresh private folder is used instead", () => {
    const temporary = mkdtempSync(join(tmpdir(), "kit-"));
    made.push(temporary);
    mkdirSync(shared(temporary));
    chmodSync(shared(temporary), 0o777);
    const folder = compileCacheWith(temporary);
    expect(folder).not.toBe(shared(temporary));
    expect(folder.startsWith(join(temporary, "openspec-agent-compile-cache-"))).toBe(true);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });
});

describe("isolatedEnvironment's Node options", () => {
  /** NODE_OPTIONS in the environment a fresh process's isolatedEnvironment() makes. */
  const nodeOptionsWith = (nodeOptions: string | undefined) => {
    const script = `const { isolatedEnvironment } = await import(${JSON.stringify(ENTRY)}); console.log(JSON.stringify(isolatedEnvironment().env.NODE_OPTIONS ?? null));`;
    const { NODE_OPTIONS: _left, ...rest } = process.env;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      env: nodeOptions === undefined ? rest : { ...rest, NODE_OPTIONS: nodeOptions },
    });
    expect(run.stderr).toBe("");
    return JSON.parse(run.stdout);
  };

  it("GIVEN tests run with NODE_OPTIONS WHEN an environment is made THEN it sets none: the runner's options are no part of the machine a test starts", () => {
    expect(nodeOptionsWith("--max-old-space-size=512")).toBeNull();
  });

  it("GIVEN no NODE_OPTIONS WHEN an environment is made THEN it sets none", () => {
    expect(nodeOptionsWith(undefined)).toBeNull();
  });
});

describe("isolatedEnvironment's PATH", () => {
  it("GIVEN node from a folder of its own (a version manager's, a downloaded tarball's) WHEN a command runs in an environment THEN node is the running one and the system's tools (sh, python3) are found", async () => {
    const { isolatedEnvironment } = await import(ENTRY);
    const { env } = isolatedEnvironment();
    const run = spawnSync("/bin/sh", ["-c", "command -v node; command -v python3"], {
      encoding: "utf8",
      env,
    });
    const [node, python] = run.stdout.trim().split("\n");
    expect(node).toBe(join(dirname(process.execPath), "node"));
    expect(python).toMatch(/^\/(usr\/)?bin\/python3$/);
  });
});
