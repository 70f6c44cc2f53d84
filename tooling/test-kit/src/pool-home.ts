import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { privateUserFolder } from "./private-user-folder.js";

/**
 * The home of this test process's warm CLI workers: a folder named after the
 * process in one folder per user. The workers write the CLI's global config
 * there for as long as they live, after any test's clean-up, and vitest ends
 * its workers with a signal, so no exit handler removes it: instead, each new
 * process removes the homes of processes that are gone.
 */
export function poolHome(): string {
  const parent = privateUserFolder("openspec-agent-test-pool-homes");
  for (const name of readdirSync(parent)) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) {
      rmSync(join(parent, name), { recursive: true, force: true });
    }
  }
  const home = join(parent, String(process.pid));
  mkdirSync(home, { recursive: true, mode: 0o700 });
  return home;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, and another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
