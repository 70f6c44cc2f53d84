import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { poolHome } from "./pool-home.js";

const running: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill("SIGKILL");
});

describe("the warm workers' home", () => {
  it("GIVEN homes left by a process that is gone and by one still running WHEN a test process takes its home THEN the gone one's is removed, the running one's stays, and its own is private", () => {
    const parent = dirname(poolHome());
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    const alive = spawn("sleep", ["30"]);
    running.push(alive);
    for (const pid of [gone, alive.pid]) {
      mkdirSync(join(parent, String(pid), ".config"), { recursive: true });
      writeFileSync(join(parent, String(pid), ".config", "config.json"), "{}");
    }

    const home = poolHome();

    expect(home).toBe(join(parent, String(process.pid)));
    expect(existsSync(join(parent, String(gone)))).toBe(false);
    expect(existsSync(join(parent, String(alive.pid)))).toBe(true);
  });
});
