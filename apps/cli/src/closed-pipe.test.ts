import { spawn } from "node:child_process";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { CLOSED_PIPE_EXIT } from "./exit-on-closed-pipe.js";
import { CLI_BIN } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

describe("a reader that closes the pipe early", () => {
  it("GIVEN stdout's reader gone before anything is printed WHEN task list prints THEN the process ends quietly with 141, as git and ls do, and no stack trace", async () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const child = spawn(process.execPath, [CLI_BIN, "task", "list", "add-dark-mode"], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Closing the only read end now, before the process has started, makes its first write fail with EPIPE.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));

    expect(stderr).toBe("");
    expect(code).toBe(CLOSED_PIPE_EXIT);
  });
});
