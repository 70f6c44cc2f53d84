import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";
import { runProcess } from "./run-process.js";

/** The built `openspec-agent` launcher. */
export const CLI_BIN = join(
  dirname(fileURLToPath(import.meta.resolve("@org/openspec-cli"))),
  "..",
  "bin",
  "openspec-agent.js",
);

/** One `openspec-agent` command line run to its end: its exit code and what it printed. */
export type CliCommandRun = (
  args: string[],
  input?: string,
) => Promise<{ exitCode: number | null; signal?: string | null; stdout: string; stderr: string }>;

/**
 * The shell CLI: one `openspec-agent call <tool> --args -` process per call,
 * the arguments on stdin (a command line cannot carry a megabyte).
 */
export async function openCliHost({ env, cwd }: HostOptions): Promise<HostUnderTest> {
  return cliHostOver(
    (args, input = "") => runProcess(process.execPath, [CLI_BIN, ...args], { env, cwd, input }),
    "stdin",
  );
}

/**
 * A host that calls each tool with `openspec-agent call <tool>` through `run`,
 * handing the arguments on stdin (`--args -`) or in the command line itself.
 */
export function cliHostOver(run: CliCommandRun, argumentsVia: "stdin" | "argv"): HostUnderTest {
  return {
    name: "cli",
    async call(tool, args) {
      const json = JSON.stringify(args) ?? "null";
      // `--args=<json>`: a JSON value may start with "-", which would read as an option.
      const called =
        argumentsVia === "stdin"
          ? await run(["call", tool, "--args", "-"], json)
          : await run(["call", tool, `--args=${json}`]);
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
