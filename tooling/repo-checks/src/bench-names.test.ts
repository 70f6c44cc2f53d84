import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "./repository.js";

describe("pnpm bench --only", () => {
  it("GIVEN a benchmark's old code and a name no benchmark has WHEN pnpm bench is asked for them THEN it exits 2 naming both and every benchmark's name, and runs none", () => {
    const run = spawnSync(
      process.execPath,
      [join(REPOSITORY, "scripts", "bench.mjs"), "--only=P5,mcp-startup,warm-cli"],
      { cwd: REPOSITORY, encoding: "utf8" },
    );

    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^--only: no benchmark is called P5, warm-cli; the names are /);
    expect(run.stderr).toContain("mcp-startup, ");
    expect(run.stdout).toBe("");
  });
});
