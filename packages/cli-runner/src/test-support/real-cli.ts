import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createSandbox, type Sandbox } from "./sandbox.js";

const packageRoot = dirname(
  dirname(createRequire(import.meta.url).resolve("@fission-ai/openspec")),
);

/** The pinned devDependency's executable entry point (`#!/usr/bin/env node`). */
export const REAL_CLI = join(packageRoot, "bin", "openspec.js");

let template: string | undefined;

/**
 * A repository laid out exactly as the real `openspec init --tools none` makes it. The CLI runs
 * once per test process, in a sandbox of its own; later repositories are copies, so a test pays
 * a copy instead of a CLI start (most of a second) for each repository it needs.
 */
export function initRepo(sandbox: Sandbox, name: string): string {
  const repo = sandbox.makeDir(name);
  cpSync(initializedTemplate(), repo, { recursive: true });
  return repo;
}

function initializedTemplate(): string {
  if (template !== undefined && existsSync(template)) return template;
  const own = createSandbox();
  process.once("exit", () => own.dispose());
  const repo = own.makeDir("template");
  execFileSync(process.execPath, [REAL_CLI, "init", "--tools", "none", repo], {
    env: own.env,
    stdio: "ignore",
  });
  template = repo;
  return repo;
}

/**
 * Writes a change the CLI accepts as complete: a proposal, one ADDED
 * requirement with a scenario, and all tasks checked, so show, validate
 * --strict and archive succeed on it.
 */
export function writeCompleteChange(repo: string, change: string, capability: string): void {
  const changeDir = join(repo, "openspec", "changes", change);
  mkdirSync(join(changeDir, "specs", capability), { recursive: true });
  writeFileSync(
    join(changeDir, "proposal.md"),
    "## Why\nUsers need a greeting when they arrive.\n\n## What Changes\n- Add a greeting.\n",
  );
  writeFileSync(
    join(changeDir, "specs", capability, "spec.md"),
    [
      "## ADDED Requirements",
      "### Requirement: Greeting",
      "The system SHALL greet the user.",
      "",
      "#### Scenario: User arrives",
      "- **WHEN** the user arrives",
      "- **THEN** the system greets them",
      "",
    ].join("\n"),
  );
  writeFileSync(join(changeDir, "tasks.md"), "## 1. Work\n- [x] 1.1 Greet the user\n");
}
