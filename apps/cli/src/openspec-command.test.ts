import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { findBundledOpenSpec } from "@org/openspec-cli-runner";
import {
  DARK_MODE_CHANGE,
  fakeOpenSpecBinary,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_BIN, runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

/** The version the workspace pins, read from the bundled package itself. */
function pinnedVersion(): string {
  const script = findBundledOpenSpec();
  if (script === null) throw new Error("the bundled OpenSpec CLI is not installed");
  const manifest = JSON.parse(readFileSync(join(dirname(dirname(script)), "package.json"), "utf8"));
  return manifest.version;
}

describe("openspec-agent openspec: the OpenSpec CLI installed with openspec-agent", () => {
  // Another openspec on PATH and in OPENSPEC_BIN, so only the bundled one can print the pinned version.
  const setUp = () => {
    const other = fakeOpenSpecBinary('echo "9.9.9 (another openspec)"');
    return isolatedEnvironment({
      PATH: `${dirname(other)}:${dirname(process.execPath)}`,
      OPENSPEC_BIN: other,
    }).env;
  };

  it("GIVEN another openspec on PATH and in OPENSPEC_BIN WHEN openspec-agent openspec --version runs THEN the pinned bundled CLI prints its version", () => {
    const env = setUp();
    const run = runBin(["openspec", "--version"], { env, cwd: temporaryFolder("cwd-") });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe(pinnedVersion());
    expect(run.stdout).not.toContain("another openspec");
    expect(run.status).toBe(0);
  });

  it("GIVEN an empty folder WHEN openspec-agent openspec init --tools none <folder> runs THEN OpenSpec creates openspec/ there and exits 0", () => {
    const env = setUp();
    const folder = temporaryFolder("init-");
    const run = runBin(["openspec", "init", "--tools", "none", folder], {
      env,
      cwd: temporaryFolder("cwd-"),
    });
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(folder, "openspec", "config.yaml"))).toBe(true);
    expect(existsSync(join(folder, "openspec", "changes"))).toBe(true);
  });

  it("GIVEN a repository WHEN openspec-agent openspec list --json runs in it THEN --json goes to the OpenSpec CLI, whose own JSON is printed", () => {
    const env = setUp();
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const run = runBin(["openspec", "list", "--json"], { env, cwd: root });
    expect(run.status, run.stderr).toBe(0);
    const listed = JSON.parse(run.stdout);
    expect(listed).not.toHaveProperty("ok");
    expect(listed.changes.map((change: { name: string }) => change.name)).toEqual([
      "add-dark-mode",
    ]);
  });

  it("GIVEN a command the OpenSpec CLI refuses WHEN run through openspec-agent openspec and directly THEN the exit code and output are the CLI's own", () => {
    const env = setUp();
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const args = ["show", "no-such-item", "--json"];
    const through = runBin(["openspec", ...args], { env, cwd: root });
    const script = findBundledOpenSpec() as string;
    const direct = spawnSync(process.execPath, [script, ...args], {
      env,
      cwd: root,
      encoding: "utf8",
    });
    expect(direct.status).not.toBe(0);
    expect(through.status).toBe(direct.status);
    expect(through.stdout).toBe(direct.stdout);
    expect(through.stderr).toBe(direct.stderr);
  });

  it("GIVEN openspec-agent --help WHEN read THEN it lists the openspec command; openspec-agent openspec --help is the OpenSpec CLI's help", () => {
    const env = setUp();
    const cwd = temporaryFolder("cwd-");
    expect(runBin(["--help"], { env, cwd }).stdout).toMatch(
      /^ {2}openspec \[args\.\.\.\] +run the OpenSpec CLI/m,
    );
    const help = runBin(["openspec", "--help"], { env, cwd });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: openspec");
    expect(help.stdout).toContain("init");
  });

  it("GIVEN the OpenSpec CLI waiting on an editor WHEN openspec-agent gets SIGTERM THEN the CLI is stopped too and openspec-agent exits 143", async () => {
    const env = setUp();
    // `openspec config edit` waits for $EDITOR; this one records the CLI's pid (its parent) and
    // waits. It waits in this Node by its absolute path: the isolated PATH holds only Node's own
    // folder, which has no `sleep` when Node comes from a tarball or a version manager.
    const folder = temporaryFolder("editor-");
    const editor = join(folder, "editor");
    writeFileSync(
      editor,
      `#!/bin/sh\necho $PPID > "${folder}/cli.pid"\necho $$ > "${folder}/editor.pid"\nexec "${process.execPath}" -e "setTimeout(() => {}, 600000)"\n`,
    );
    chmodSync(editor, 0o755);
    const agent = spawn(process.execPath, [CLI_BIN, "openspec", "config", "edit"], {
      env: { ...env, EDITOR: editor, VISUAL: editor },
      cwd: folder,
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => agent.on("exit", resolve));
    const editorPid = join(folder, "editor.pid");
    try {
      while (!existsSync(editorPid)) await delay(50);
      const cliPid = Number(readFileSync(join(folder, "cli.pid"), "utf8"));
      expect(isRunning(cliPid)).toBe(true);

      agent.kill("SIGTERM");

      expect(await exited).toBe(143);
      expect(isRunning(cliPid)).toBe(false);
    } finally {
      agent.kill("SIGKILL");
      // The editor went with the CLI when the stop reached it; one still there is ended here.
      const editor = existsSync(editorPid) ? Number(readFileSync(editorPid, "utf8")) : 0;
      if (editor > 0 && isRunning(editor)) process.kill(editor, "SIGKILL");
    }
  });
});

/** Whether a process with this pid exists (a zombie awaiting its parent counts as gone only once reaped). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
