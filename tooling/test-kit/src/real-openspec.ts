import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { isolatedEnvironment } from "./isolated-environment.js";
import { privateUserFolder } from "./private-user-folder.js";
import { temporaryFolder } from "./temporary-folder.js";
import { type CliRun, runWarmOpenSpec } from "./warm-openspec.js";
import { writeFiles } from "./write-files.js";

export type { CliRun };

const require = createRequire(import.meta.url);

/** The pinned OpenSpec CLI's executable entry (`#!/usr/bin/env node`). */
export const REAL_OPENSPEC_BIN = join(
  dirname(dirname(require.resolve("@fission-ai/openspec"))),
  "bin",
  "openspec.js",
);

/**
 * Runs the real OpenSpec CLI in `cwd` and gives its exit code, stdout and
 * stderr: on a warm worker of the runner's pool, so a test pays the command's
 * own work instead of the CLI's start (most of a second). Use
 * `runRealOpenSpecCold` where the test is about the process itself.
 */
export function runRealOpenSpec(cwd: string, args: string[]): Promise<CliRun> {
  return runWarmOpenSpec(REAL_OPENSPEC_BIN, cwd, args);
}

/** Runs the real OpenSpec CLI in `cwd` as a process of its own, started cold, with a throwaway home. */
export function runRealOpenSpecCold(cwd: string, args: string[]): CliRun {
  const { env, home } = isolatedEnvironment();
  try {
    const run = spawnSync(process.execPath, [REAL_OPENSPEC_BIN, ...args], {
      cwd,
      encoding: "utf8",
      env,
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    // The home lives as long as the run: a test's own folders are removed by the test.
    rmSync(home, { recursive: true, force: true });
  }
}

/** The pinned OpenSpec CLI's version, which names what is made once per version of it. */
export function realOpenSpecVersion(): string {
  const manifest = join(dirname(REAL_OPENSPEC_BIN), "..", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

let template: string | undefined;

/**
 * A repository laid out exactly as `openspec init --tools none` makes it, plus
 * the given files: a copy of one template per version of the CLI, which every
 * test process of every run shares.
 */
export function makeOpenSpecRepository(files: Record<string, string> = {}, name = "shop"): string {
  const root = join(temporaryFolder("repos-"), name);
  cpSync(initializedTemplate(), root, { recursive: true });
  writeFiles(root, files);
  return root;
}

/**
 * The template, kept in a private folder of this user's beside the compile cache: made once by a
 * cold `openspec init` (about 0.4 s of CPU, which each of some forty test processes paid before),
 * in a folder of its own that is then renamed into place, so a process never copies a template
 * another is still writing; when two make it at once, the first rename wins and the other's goes.
 */
function initializedTemplate(): string {
  if (template && existsSync(template)) return template;
  const shared = privateUserFolder("openspec-agent-test-template");
  const folder = join(shared, `openspec-${realOpenSpecVersion()}`);
  if (!existsSync(join(folder, "repo", "openspec"))) {
    const making = mkdtempSync(join(shared, "making-"));
    mkdirSync(join(making, "repo"));
    const init = runRealOpenSpecCold(join(making, "repo"), ["init", "--tools", "none", "."]);
    if (init.status !== 0) {
      rmSync(making, { recursive: true, force: true });
      throw new Error(`openspec init failed: ${init.stderr}`);
    }
    try {
      renameSync(making, folder);
    } catch (error) {
      rmSync(making, { recursive: true, force: true });
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
      if (!existsSync(join(folder, "repo", "openspec"))) {
        throw new Error(`${folder} holds no template of openspec init: remove it and run again`);
      }
    }
  }
  template = join(folder, "repo");
  return template;
}
