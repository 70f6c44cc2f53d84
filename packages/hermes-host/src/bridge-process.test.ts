import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { isolatedEnvironment, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { packagePaths } from "./package-paths.js";

const started: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
  removeTemporaryFolders();
});

function startBridge(command: string, args: string[]) {
  const child = spawn(command, args, { env: isolatedEnvironment().env });
  started.push(child);
  const answers: unknown[] = [];
  let stderr = "";
  createInterface({ input: child.stdout }).on("line", (line) => answers.push(JSON.parse(line)));
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, answers, exited, stderr: () => stderr };
}

/** True while the process exists and is not a zombie waiting for its new parent to reap it. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, deadlineMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  while (!condition() && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return condition();
}

describe("the bridge process (dist/bridge.js)", () => {
  it("GIVEN malformed lines between requests WHEN stdin closes THEN every request is answered on stdout, the complaints go to stderr, and it exits 0", async () => {
    const bridge = startBridge(process.execPath, [packagePaths.bridgeEntry]);
    bridge.child.stdin.write(
      '{"id": 1, "op": "ping"}\nthis is not json\n{"id": 2, "op": "teleport"}\n',
    );
    bridge.child.stdin.end('{"id": 3, "tool": "openspec_source_list", "args": {}}\n');
    expect(await bridge.exited).toBe(0);
    expect(bridge.answers).toEqual(
      expect.arrayContaining([
        { id: 1, result: expect.objectContaining({ pong: true }) },
        { id: 2, result: expect.objectContaining({ ok: false, code: "invalid_request" }) },
        { id: 3, result: { ok: true, sources: [], total: 0 } },
      ]),
    );
    expect(bridge.stderr()).toContain("ignored a line: The line is not JSON.");
  });

  it("GIVEN its stdin is still held open by someone else WHEN the bridge's parent is killed THEN the bridge exits on its own", async () => {
    // sh starts the bridge in the background on our pipe (fd 3, since sh gives background jobs
    // /dev/null), prints its pid and waits; killing sh leaves the pipe open, so only the
    // parent check can end the bridge.
    const shell = startBridge("/bin/sh", [
      "-c",
      `exec 3<&0; "${process.execPath}" "${packagePaths.bridgeEntry}" <&3 & echo "$!" >&2; wait`,
    ]);
    expect(await until(() => /^\d+\s*$/m.test(shell.stderr()))).toBe(true);
    const bridgePid = Number(shell.stderr().trim().split("\n")[0]);
    shell.child.stdin.write('{"id": 1, "op": "ping"}\n');
    expect(await until(() => shell.answers.length === 1)).toBe(true);
    shell.child.kill("SIGKILL");
    expect(await until(() => !isRunning(bridgePid))).toBe(true);
  });
});
