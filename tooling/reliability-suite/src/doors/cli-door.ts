import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runProcess } from "../processes/run-process.js";
import type { Door, DoorOptions } from "./door.js";

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
  return {
    name: "cli",
    async call(tool, args) {
      const run = await runProcess(process.execPath, [CLI_BIN, "call", tool, "--args", "-"], {
        env,
        cwd,
        input: JSON.stringify(args) ?? "null",
      });
      if (run.exitCode !== 0 && run.exitCode !== 1) {
        throw new Error(
          `openspec-agent exited with ${run.exitCode ?? run.signal}: ${run.stderr.slice(0, 2000)}`,
        );
      }
      try {
        return { kind: "result", result: JSON.parse(run.stdout) };
      } catch {
        throw new Error(
          `openspec-agent printed no JSON result (exit ${run.exitCode}): ${run.stdout.slice(0, 500)} ${run.stderr.slice(0, 2000)}`,
        );
      }
    },
    hostPid: async () => undefined,
    close: async () => {},
  };
}
