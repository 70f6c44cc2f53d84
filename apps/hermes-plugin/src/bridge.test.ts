import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { isolatedEnvironment, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";

afterEach(removeTemporaryFolders);

// The path plugins installed from this app recorded in their bridge.json.
const APP_BRIDGE = join(import.meta.dirname, "..", "dist", "bridge.js");

describe("the app's bridge entry (dist/bridge.js)", () => {
  it("GIVEN a bridge.json written by an older install that names this app's dist/bridge.js WHEN the plugin starts it THEN it answers the ping and a tool call, and exits 0 when stdin closes", async () => {
    const { env } = isolatedEnvironment();
    const child = spawn(process.execPath, [APP_BRIDGE], { env });
    const answers: unknown[] = [];
    createInterface({ input: child.stdout }).on("line", (line) => answers.push(JSON.parse(line)));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.stdin.write('{"id": "start", "op": "ping"}\n');
    child.stdin.end('{"id": "t1", "tool": "openspec_source_list", "args": {}}\n');
    expect(await exited).toBe(0);
    expect(answers).toEqual(
      expect.arrayContaining([
        { id: "start", result: expect.objectContaining({ ok: true, pong: true }) },
        { id: "t1", result: { ok: true, sources: [], total: 0 } },
      ]),
    );
  });
});
