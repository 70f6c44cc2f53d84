import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

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

function execCli(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CliRun> {
  const bin = join(openspecPackageRoot(), "bin", "openspec.js");
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      (failure, stdout, stderr) => {
        const code = failure === null ? 0 : typeof failure.code === "number" ? failure.code : 1;
        resolve({ exitCode: code, stdout, stderr });
      },
    );
  });
}

/** `openspec init --tools none` in a fresh temp folder, with HOME and XDG dirs inside it. */
export async function createOpenSpecRepo(): Promise<OpenSpecRepo> {
  const base = await mkdtemp(join(tmpdir(), "spec-parser-cli-"));
  const home = join(base, "home");
  const root = join(base, "repo");
  await mkdir(home);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    OPENSPEC_TELEMETRY: "0",
    NO_COLOR: "1",
    CI: "1",
  };
  const init = await execCli(["init", "--tools", "none", root], base, env);
  if (init.exitCode !== 0) throw new Error(`openspec init failed: ${init.stderr}`);
  return {
    root,
    run: (args) => execCli(args, root, env),
    async write(relativePath, content) {
      const path = join(root, relativePath);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    },
    remove: () => rm(base, { recursive: true, force: true }),
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
