import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Door, DoorOptions } from "./door.js";
import { runProcess } from "./run-process.js";

/** The built `openspec-agent` launcher. */
export const CLI_BIN = join(
  dirname(fileURLToPath(import.meta.resolve("@org/openspec-cli"))),
  "..",
  "bin",
  "openspec-agent.js",
);

/**
 * The shell CLI: one `openspec-agent call <tool> --args -` process per call,
 * the arguments on stdin (a command line cannot carry a megabyte).
 */
export async function openCliDoor({ env, cwd }: DoorOptions): Promise<Door> {
  const run = (args: string[], input = "") =>
    runProcess(process.execPath, [CLI_BIN, ...args], { env, cwd, input });
  return {
    name: "cli",
    async call(tool, args) {
      const called = await run(["call", tool, "--args", "-"], JSON.stringify(args) ?? "null");
      if (called.exitCode !== 0 && called.exitCode !== 1) {
        throw new Error(
          `openspec-agent exited with ${called.exitCode ?? called.signal}: ${called.stderr.slice(0, 2000)}`,
        );
      }
      try {
        return { kind: "result", result: JSON.parse(called.stdout) };
      } catch {
        throw new Error(
          `openspec-agent printed no JSON result (exit ${called.exitCode}): ${called.stdout.slice(0, 500)} ${called.stderr.slice(0, 2000)}`,
        );
      }
    },
    async listTools() {
      const listing: { tools: { name: string; available: boolean }[] } = JSON.parse(
        (await run(["tools", "--json"])).stdout,
      );
      return listing.tools.filter((tool) => tool.available).map((tool) => tool.name);
    },
    hostPid: async () => undefined,
    close: async () => {},
  };
}
