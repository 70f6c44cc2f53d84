import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Door, DoorOptions } from "./door.js";

/** The built `openspec-agent` launcher. */
const CLI_BIN = join(
  dirname(fileURLToPath(import.meta.resolve("@org/openspec-cli"))),
  "..",
  "bin",
  "openspec-agent.js",
);

/** The shell CLI: one `openspec-agent call <tool> --args <json>` process per call, as a script would run it. */
export async function openCliDoor({ env, cwd }: DoorOptions): Promise<Door> {
  const run = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [CLI_BIN, ...args],
        { env, cwd, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout) => {
          // Exit code 1 is an ok: false result, which is still an answer on stdout.
          if (error && stdout.trim() === "") reject(error);
          else resolve(stdout);
        },
      );
    });
  return {
    name: "cli",
    call: async (tool, args) =>
      JSON.parse(await run(["call", tool, "--args", JSON.stringify(args)])),
    async listTools() {
      const listing: { tools: { name: string; available: boolean }[] } = JSON.parse(
        await run(["tools", "--json"]),
      );
      return listing.tools.filter((tool) => tool.available).map((tool) => tool.name);
    },
    close: async () => {},
  };
}
