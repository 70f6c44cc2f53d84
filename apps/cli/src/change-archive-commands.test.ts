import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runCommand } from "./test-support/run-command.js";

afterEach(removeTemporaryFolders);

describe("change archive and change unarchive, generated from the archive tools", () => {
  it("GIVEN a change with an open task WHEN archived, ticked, archived and unarchived from the shell THEN each step says what moved where and which specs stay updated", async () => {
    const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const run = (args: string[]) => runCommand(args, { env, cwd: root });

    const refused = await run(["change", "archive", "add-dark-mode"]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("1 of 2 tasks");

    expect((await run(["task", "set", "all", "--done", "-c", "add-dark-mode"])).status).toBe(0);
    const archived = await run(["change", "archive", "add-dark-mode"]);
    expect(archived.stderr).toBe("");
    expect(archived.status).toBe(0);
    expect(archived.stdout).toMatch(
      /archived add-dark-mode to openspec\/changes\/archive\/\d{4}-\d{2}-\d{2}-add-dark-mode/,
    );
    expect(archived.stdout).toMatch(/ui\s+created\s+openspec\/specs\/ui\/spec\.md/);
    expect(archived.stdout).toContain("requirements: +1 ~0 -0 →0");

    const back = await run(["change", "unarchive", "add-dark-mode"]);
    expect(back.status).toBe(0);
    expect(back.stdout).toContain("back to openspec/changes/add-dark-mode");
    expect(back.stdout).toContain("NOT rolled back: ui");
    expect(back.stdout).toContain("openspec/specs/ui/spec.md");
    expect(existsSync(join(root, "openspec/changes/add-dark-mode/tasks.md"))).toBe(true);

    const again = await run(["change", "unarchive", "add-dark-mode", "--json"]);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: false, code: "change_not_found" });
  });
});
