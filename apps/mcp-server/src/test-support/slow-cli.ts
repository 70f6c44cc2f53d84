import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fakeOpenSpecBinary, temporaryFolder } from "@org/test-kit";

/**
 * A fake OpenSpec CLI: the real one cannot be made slow on demand. `list`
 * takes a few seconds and then answers; `validate` starts a grandchild,
 * records both pids in `pidFile` and runs until killed.
 */
export function slowOpenSpecCli(): { bin: string; pidFile: string } {
  const pidFile = join(temporaryFolder(), "pids");
  const bin = fakeOpenSpecBinary(
    [
      "PATH=/usr/bin:/bin",
      'if [ "$1" = validate ]; then',
      `  sleep 300 & echo "$$ $!" > "${pidFile}"`,
      "  wait",
      "fi",
      "sleep 2.5",
      `echo '{"changes":[]}'`,
    ].join("\n"),
  );
  return { bin, pidFile };
}

/** The pids the slow CLI's `validate` wrote to `path`, once it has written them. */
export async function waitForPids(path: string): Promise<number[]> {
  for (;;) {
    const text = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
    if (text !== "") return text.split(" ").map(Number);
    await delay(20);
  }
}

/** Whether `pid` still runs; a zombie waiting for a non-reaping init counts as gone. */
export function isRunning(pid: number): boolean {
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
