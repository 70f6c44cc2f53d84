import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { installHermesPlugin } from "@org/openspec-hermes-plugin";
import { temporaryFolder } from "@org/test-kit";
import type { Door, DoorOptions } from "./door.js";

const DRIVER = join(import.meta.dirname, "hermes_driver.py");

/** Python as this process finds it: the door's own PATH may hold only node's folder. */
const PYTHON = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], {
  encoding: "utf8",
}).trim();

/**
 * The Hermes plugin, installed into a temporary Hermes home by the real
 * installer and loaded by a Python driver exactly as Hermes loads it; calls go
 * through the Python handlers and the Node bridge.
 */
export async function openHermesDoor({ env, cwd }: DoorOptions): Promise<Door> {
  const hermesHome = temporaryFolder("hermes-home-");
  const installed = installHermesPlugin({ hermesHome, env });
  if (!installed.ok) throw new Error(`installing the Hermes plugin failed: ${installed.error}`);
  const driver = spawn(PYTHON, [DRIVER], {
    env: { ...env, HERMES_HOME: hermesHome },
    cwd,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const ask = answerer(driver);
  return {
    name: "hermes",
    call: (tool, args) => ask({ op: "call", tool, args }),
    listTools: async () => (await ask({ op: "list" })) as string[],
    async close() {
      driver.stdin?.end();
      await new Promise((resolve) => driver.once("exit", resolve));
    },
  };
}

/** Sends one JSON line per request and resolves each with the answer that carries its id. */
function answerer(driver: ChildProcess): (request: Record<string, unknown>) => Promise<unknown> {
  const waiting = new Map<number, (value: unknown) => void>();
  if (driver.stdout) {
    createInterface({ input: driver.stdout }).on("line", (line) => {
      const answer: { id: number; result: unknown } = JSON.parse(line);
      waiting.get(answer.id)?.(answer.result);
      waiting.delete(answer.id);
    });
  }
  let nextId = 1;
  return (request) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      driver.stdin?.write(`${JSON.stringify({ id, ...request })}\n`);
    });
}
