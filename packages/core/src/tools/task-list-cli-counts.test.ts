import { cpSync } from "node:fs";
import { join } from "node:path";
import { fissionOpenSpecFixture, runRealOpenSpec, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import type { TaskListSuccess } from "../tool-result-types.js";

afterEach(cleanUp);

type CliChange = { name: string; completedTasks: number; totalTasks: number };

describe("openspec_task_list against the CLI's own counts", () => {
  it("GIVEN Fission-AI/OpenSpec's 20 active changes WHEN each is listed THEN done/total equal completedTasks/totalTasks of `openspec list --json`", async () => {
    const root = join(temporaryFolder("fission-"), "openspec-repo");
    cpSync(fissionOpenSpecFixture, root, { recursive: true });
    const listed = await runRealOpenSpec(root, ["list", "--json"]);
    expect(listed.status).toBe(0);
    const cli = (JSON.parse(listed.stdout) as { changes: CliChange[] }).changes;
    expect(cli).toHaveLength(20);
    const { catalog } = makeCatalog({ cli: false });
    const ours: CliChange[] = [];
    for (const change of cli) {
      const result = await catalog.call("openspec_task_list", {
        workdir: root,
        change: change.name,
      });
      if (!result.ok) throw new Error(`${change.name}: ${result.error}`);
      const { done, total } = result as TaskListSuccess;
      ours.push({ name: change.name, completedTasks: done, totalTasks: total });
    }
    expect(ours).toEqual(
      cli.map(({ name, completedTasks, totalTasks }) => ({ name, completedTasks, totalTasks })),
    );
    // The corpus is worth checking only if it holds both finished and open work.
    expect(cli.some((change) => change.totalTasks > change.completedTasks)).toBe(true);
    expect(
      cli.some((change) => change.totalTasks > 0 && change.totalTasks === change.completedTasks),
    ).toBe(true);
  });
});
