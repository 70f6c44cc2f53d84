import { spawnSync } from "node:child_process";
import { join } from "node:path";
import {
  AUTH_SPEC,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";

afterEach(removeTemporaryFolders);

const TOUR = join(import.meta.dirname, "..", "examples", "tour.mjs");

describe("examples/tour.mjs", () => {
  it("GIVEN a plain Node script that imports @org/openspec-core WHEN it runs on a repository THEN it lists the available tools and calls them", () => {
    const repository = makeOpenSpecRepository({ "openspec/specs/agent-tools/spec.md": AUTH_SPEC });
    const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const run = spawnSync(process.execPath, [TOUR, repository], { env, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("yes openspec_context");
    expect(run.stdout).toContain("yes openspec_validate");
    expect(run.stdout).toContain('"path": "agent-tools/spec.md"');
    expect(run.stdout).toContain('"Sign in"');
  });
});
