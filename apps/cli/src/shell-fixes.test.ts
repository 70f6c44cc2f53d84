import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { toolCatalog } from "@org/openspec-core";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runInProcess } from "./test-support/run-in-process.js";

afterEach(removeTemporaryFolders);

/** The `fix` line a failed command printed. */
function fixLine(stderr: string): string | undefined {
  return stderr.split("\n").find((line) => line.startsWith("fix"));
}

describe("a fix in shell words: commands and flags, not tools and fields", () => {
  it("GIVEN a change with an open task WHEN it is archived from the shell THEN the fix names the shell command and --force, and --json keeps that fix", async () => {
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const run = (args: string[]) => runInProcess(args, toolCatalog, root);

    const refused = await run(["change", "archive", "add-dark-mode"]);
    expect(refused.code).toBe(1);
    expect(fixLine(refused.stderr)).toBe(
      "fix   Tick the finished ones with openspec-agent task done, or pass --force to archive it anyway.",
    );
    const json = JSON.parse((await run(["--json", "change", "archive", "add-dark-mode"])).stdout);
    expect(json).toMatchObject({ code: "tasks_open", fix: expect.stringContaining("--force") });
  });

  it("GIVEN the same refusal through `call` WHEN a tool is called by name with JSON THEN the fix names the tool and field, as an agent's does", async () => {
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const called = await runInProcess(
      [
        "call",
        "openspec_change_archive",
        "--args",
        JSON.stringify({ change: "add-dark-mode", workdir: root }),
      ],
      toolCatalog,
      root,
    );
    expect(JSON.parse(called.stdout)).toMatchObject({
      fix: "Tick the finished ones with openspec_task_set_status with done: true, or pass force: true to archive it anyway.",
    });
  });

  it("GIVEN 40 registered sources WHEN a misspelt one is named THEN the error names the closest few, and the fix says how to list them all in shell words", async () => {
    const { env } = isolatedEnvironment({});
    const parent = temporaryFolder("sources-");
    const names = ["shop", "shop-api", ...Array.from({ length: 38 }, (_, index) => `svc-${index}`)];
    for (const name of names) {
      mkdirSync(join(parent, name, "openspec"), { recursive: true });
      const added = await runInProcess(
        ["sources", "add", join(parent, name)],
        toolCatalog,
        parent,
        env,
      );
      expect(added.code).toBe(0);
    }

    const missing = await runInProcess(["context", "shpo"], toolCatalog, parent, env);

    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /error No source is called "shpo"; closest: shop \(os_[0-9a-f]+\); 40 sources are registered\. \(source_not_found\)/,
    );
    expect(missing.stderr).not.toContain("svc-");
    expect(fixLine(missing.stderr)).toBe(
      "fix   List them all with openspec-agent sources list, or register the repository with openspec-agent sources add.",
    );
  });
});
