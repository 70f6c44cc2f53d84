import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { isolatedEnvironment } from "./isolated-environment.js";
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
  const { env } = isolatedEnvironment();
  const run = spawnSync(process.execPath, [REAL_OPENSPEC_BIN, ...args], {
    cwd,
    encoding: "utf8",
    env,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let template: string | undefined;

/**
 * A repository laid out exactly as `openspec init --tools none` makes it, plus
 * the given files. The CLI runs once per test process; later ones are copies.
 */
export function makeOpenSpecRepository(files: Record<string, string> = {}, name = "shop"): string {
  const root = join(temporaryFolder("repos-"), name);
  cpSync(initializedTemplate(), root, { recursive: true });
  writeFiles(root, files);
  return root;
}

function initializedTemplate(): string {
  if (template && existsSync(template)) return template;
  const folder = join(mkdtempSync(join(tmpdir(), "openspec-template-")), "repo");
  mkdirSync(folder);
  const init = runRealOpenSpecCold(folder, ["init", "--tools", "none", "."]);
  if (init.status !== 0) throw new Error(`openspec init failed: ${init.stderr}`);
  process.once("exit", () => rmSync(dirname(folder), { recursive: true, force: true }));
  template = folder;
  return folder;
}
