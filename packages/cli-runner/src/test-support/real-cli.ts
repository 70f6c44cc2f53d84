import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Sandbox } from "./sandbox.js";

const packageRoot = dirname(
  dirname(createRequire(import.meta.url).resolve("@fission-ai/openspec")),
);

/** The pinned devDependency's executable entry point (`#!/usr/bin/env node`). */
export const REAL_CLI = join(packageRoot, "bin", "openspec.js");

/** A repository made by the real `openspec init --tools none`. */
export function initRepo(sandbox: Sandbox, name: string): string {
  const repo = sandbox.makeDir(name);
  execFileSync(process.execPath, [REAL_CLI, "init", "--tools", "none", repo], {
    env: sandbox.env,
    stdio: "ignore",
  });
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
