import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { installHermesPlugin } from "@org/openspec-hermes-host";
import { temporaryFolder } from "@org/test-kit";
import { parse } from "yaml";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";

// Shipped beside src/ and dist/, so it is found from either.
const DRIVER = join(import.meta.dirname, "..", "hermes_driver.py");

/** Python as this process finds it: the host's own PATH may hold only node's folder. */
export const PYTHON = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], {
  encoding: "utf8",
}).trim();

type DriverReply = {
  id: number;
  result?: unknown;
  raised?: string;
  not_json?: string;
  unknown_tool?: string;
  pid?: number | null;
  tools?: string[];
};

/**
 * The Hermes plugin, installed into a temporary Hermes home by the real
 * installer and loaded by a Python driver exactly as Hermes loads it; calls go
 * through the Python handlers and the Node bridge.
 */
export async function openHermesHost({ env, cwd, firstRun }: HostOptions): Promise<HostUnderTest> {
  const hermesHome = temporaryFolder("hermes-home-");
  const installed = installHermesPlugin({ hermesHome, env });
  if (!installed.ok) throw new Error(`installing the Hermes plugin failed: ${installed.error}`);
  const driver = spawn(PYTHON, [DRIVER], {
    env: { ...env, HERMES_HOME: hermesHome },
    cwd,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const ask = asker(driver);
  // Hermes leaves a plugin's toolset off where config.yaml knows it for the platform and the
  // platform has no saved list naming it; a fresh home has none, so "known" means off.
  const hidden = firstRun ? knownPluginToolsets(join(hermesHome, "config.yaml"), "cli") : [];
  const offered = async () => (await ask({ op: "list", hidden_toolsets: hidden })).tools ?? [];
  return {
    name: "hermes",
    async call(tool, args) {
      if (firstRun && !(await offered()).includes(tool)) {
        return { kind: "refused", detail: `Hermes does not offer ${tool} after hermes install` };
      }
      const reply = await ask({ op: "call", tool, args });
      if ("result" in reply) return { kind: "result", result: reply.result };
      throw new Error(`the Hermes handler broke its promise: ${JSON.stringify(reply)}`);
    },
    listTools: offered,
    hostPid: async () => (await ask({ op: "bridge_pid" })).pid ?? undefined,
    async close() {
      if (driver.exitCode !== null || driver.signalCode !== null) return;
      const exited = new Promise((resolve) => driver.once("exit", resolve));
      driver.stdin?.end();
      await exited;
    },
  };
}

/** The plugin toolsets config.yaml's `known_plugin_toolsets` lists for `platform`. */
function knownPluginToolsets(configPath: string, platform: string): string[] {
  const config = parse(readFileSync(configPath, "utf8")) as {
    known_plugin_toolsets?: Record<string, string[]>;
  } | null;
  return config?.known_plugin_toolsets?.[platform] ?? [];
}

/** Sends one JSON line per request and resolves each with the reply that carries its id. */
function asker(driver: ChildProcess): (request: Record<string, unknown>) => Promise<DriverReply> {
  const waiting = new Map<
    number,
    { resolve: (reply: DriverReply) => void; reject: (error: Error) => void }
  >();
  if (driver.stdout) {
    createInterface({ input: driver.stdout }).on("line", (line) => {
      const reply: DriverReply = JSON.parse(line);
      waiting.get(reply.id)?.resolve(reply);
      waiting.delete(reply.id);
    });
  }
  driver.once("exit", (code, signal) => {
    for (const { reject } of waiting.values()) {
      reject(new Error(`the Hermes driver exited (${code ?? signal}) before it answered`));
    }
    waiting.clear();
  });
  let nextId = 1;
  return (request) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      driver.stdin?.write(`${JSON.stringify({ id, ...request })}\n`);
    });
}
