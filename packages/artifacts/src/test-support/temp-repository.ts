import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { openRepository, type Repository } from "../open-repository.js";

const made: string[] = [];

/** A fresh folder under the system temp dir, removed by `removeTemporaryFolders`. */
export function temporaryFolder(prefix = "artifacts-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTemporaryFolders(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes files (relative path to content) below `root`. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A repository folder with `openspec/specs` and `openspec/changes/archive`, plus the given files. */
export function makeRepository(files: Record<string, string> = {}): { root: string; repository: Repository } {
  const root = temporaryFolder("repo-");
  mkdirSync(join(root, "openspec", "specs"), { recursive: true });
  mkdirSync(join(root, "openspec", "changes", "archive"), { recursive: true });
  writeFiles(root, files);
  const opened = openRepository(root);
  if (!opened.ok) throw new Error(opened.error);
  return { root, repository: opened.repository };
}

export const VALID_SPEC = `# Auth

## Purpose

Let people sign in with their email address and a password they chose.

## Requirements

### Requirement: Sign in
The system SHALL sign a person in with a correct email and password.

#### Scenario: Correct password
- **GIVEN** a registered person
- **WHEN** they enter their email and password
- **THEN** they are signed in
`;

const require = createRequire(import.meta.url);
const cliPackage = dirname(dirname(require.resolve("@fission-ai/openspec")));

/** Runs the real OpenSpec CLI in `cwd` with a throwaway home; returns its exit code and output. */
export function runRealCli(cwd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const home = temporaryFolder("home-");
  const run = spawnSync(process.execPath, [join(cliPackage, "bin", "openspec.js"), ...args], {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_DATA_HOME: join(home, ".local", "share"),
      OPENSPEC_TELEMETRY: "0",
      NO_COLOR: "1",
    },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
