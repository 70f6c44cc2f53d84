import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { makeOpenSpecRepository, runRealOpenSpec } from "@org/test-kit";

/** The installed `@fission-ai/openspec` package folder. */
export function openspecPackageRoot(): string {
  const entry = createRequire(import.meta.url).resolve("@fission-ai/openspec");
  return dirname(dirname(entry));
}

export type CliRun = { exitCode: number; stdout: string; stderr: string };

/** A throwaway OpenSpec repository whose CLI runs never touch the real home. */
export type OpenSpecRepo = {
  root: string;
  run(args: string[]): Promise<CliRun>;
  write(relativePath: string, content: string): Promise<void>;
  remove(): Promise<void>;
};

/**
 * A throwaway repository laid out as `openspec init --tools none` makes it (copied from one
 * init per test process) whose commands run on a warm worker of the runner's pool: the real
 * CLI's own code, byte for byte as a cold run prints it, without most of a second of start-up
 * per command. The pool has two workers: a third command at once runs cold.
 */
export async function createOpenSpecRepo(): Promise<OpenSpecRepo> {
  const root = makeOpenSpecRepository({}, "repo");
  return {
    root,
    run: async (args) => {
      const run = await runRealOpenSpec(root, args);
      return { exitCode: run.status ?? 1, stdout: run.stdout, stderr: run.stderr };
    },
    async write(relativePath, content) {
      const path = join(root, relativePath);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    },
    remove: () => rm(dirname(root), { recursive: true, force: true }),
  };
}

/** The JSON a CLI run printed, without the `root` block newer CLIs add. */
export function cliJson(run: CliRun): unknown {
  const parsed: unknown = JSON.parse(run.stdout);
  if (parsed !== null && typeof parsed === "object" && "root" in parsed) {
    const { root: _root, ...rest } = parsed;
    return rest;
  }
  return parsed;
}
