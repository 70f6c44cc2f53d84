import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { installHermesPlugin } from "../install-hermes-plugin.js";
import { packagePaths } from "../package-paths.js";

/** The Hermes host as a shared contract suite sees it: tools listed and called through the Python handlers. */
export type HermesDoor = {
  /** Calls the tool's Python handler as Hermes does; resolves to its parsed JSON result. */
  call(tool: string, args: unknown): Promise<unknown>;
  /** The tools Hermes would offer now: registered, with a passing check_fn or none. */
  listTools(): Promise<string[]>;
  close(): Promise<void>;
};

type DriverAnswer = { id: number; result?: unknown; error?: string };

/**
 * Installs the plugin into a Hermes home (`env.HERMES_HOME`, else a temporary
 * one) with the real installer, and starts plugin_tests/door_driver.py, which
 * loads it as Hermes does. `env` is the whole environment of the Python side
 * and so of the bridge: HOME, PATH, OPENSPEC_BIN, OPENSPEC_AGENT_DB, ...
 */
export function openHermesDoor({ env }: { env: Record<string, string | undefined> }): HermesDoor {
  const ownHome = env.HERMES_HOME ? null : mkdtempSync(join(tmpdir(), "hermes-door-"));
  const hermesHome = env.HERMES_HOME ?? ownHome ?? "";
  const installed = installHermesPlugin({ hermesHome });
  if (!installed.ok) throw new Error(`openHermesDoor: install failed: ${installed.error}`);

  // Found on this process's PATH: the door's env may hold only node's folder.
  const python = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], {
    encoding: "utf8",
  }).trim();
  const driver = spawn(python, [join(packagePaths.root, "plugin_tests", "door_driver.py")], {
    env: { ...env, HERMES_HOME: hermesHome },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  const exited = new Promise<void>((resolve) => {
    driver.on("exit", (code) => {
      for (const pending of waiting.values())
        pending.reject(new Error(`the Hermes door driver exited (${code})`));
      waiting.clear();
      resolve();
    });
  });
  createInterface({ input: driver.stdout }).on("line", (line) => {
    const answer = JSON.parse(line) as DriverAnswer;
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error !== undefined) pending?.reject(new Error(answer.error));
    else pending?.resolve(answer.result);
  });

  let nextId = 1;
  const ask = (request: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      driver.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    });

  return {
    call: (tool, args) => ask({ op: "call", tool, args }),
    listTools: async () => (await ask({ op: "list" })) as string[],
    async close() {
      driver.stdin.end();
      await exited;
      if (ownHome) rmSync(ownHome, { recursive: true, force: true });
    },
  };
}
