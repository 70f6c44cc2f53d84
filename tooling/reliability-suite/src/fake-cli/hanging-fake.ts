import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { temporaryFolder } from "@org/test-kit";
import { misbehavingOpenSpec } from "./fake-openspec.js";

/** A fake CLI set to hang, and where it writes "<its pid> <its child's pid>" once it runs. */
export type HangingFake = { bin: string; pidFile: string; pids(): number[] };

export function hangingFake(): HangingFake {
  const controlDir = temporaryFolder("fake-control-");
  writeFileSync(join(controlDir, "behaviour"), "hang");
  const pidFile = join(controlDir, "pids");
  return { bin: misbehavingOpenSpec(controlDir), pidFile, pids: () => readFakePids(pidFile) };
}

/** The pids the hanging fake wrote, or none yet. */
export function readFakePids(pidFile: string): number[] {
  try {
    return readFileSync(pidFile, "utf8").trim().split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
