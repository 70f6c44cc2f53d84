import { symlinkSync } from "node:fs";
import { join } from "node:path";
import type { HostUnderTest } from "@org/host-harness";
import { createCatalog } from "@org/openspec-core";
import { makeOpenSpecRepository, REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { findAnswerProblem } from "./fuzz/find-answer-problem.js";
import { LONG_LIVED_HOSTS } from "./sandbox/hosts.js";
import { ESCAPING_CHANGE, makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";
import { snapshotTree, treeChanges } from "./sandbox/snapshot-tree.js";

/**
 * `shop` holds `openspec/changes/escape`, a symlink to a change outside; the
 * source `lonely` is a repository whose only change folder is such a symlink,
 * which the CLI-backed tools once picked as "the only active change".
 */
let sandbox: Sandbox;
let outsideBefore: ReturnType<typeof snapshotTree>;
let calls = 0;

beforeAll(async () => {
  sandbox = makeSandbox({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  await registerShop(sandbox);
  const lonely = makeOpenSpecRepository({}, "lonely");
  symlinkSync(join(sandbox.outside, "change"), join(lonely, "openspec", "changes", "evil"));
  const catalog = createCatalog({ env: sandbox.env });
  try {
    const added = await catalog.call("openspec_source_add", { path: lonely, name: "lonely" });
    if (!added.ok) throw new Error(`registering lonely failed: ${added.error}`);
  } finally {
    catalog.close();
  }
  outsideBefore = snapshotTree(sandbox.root, [sandbox.repo]);
});

afterAll(() => {
  recordFigure(
    "symlinked change folder",
    `${calls} calls, none answered from the change folder outside`,
  );
  removeTemporaryFolders();
});

const NAMED: [tool: string, args: Record<string, unknown>][] = [
  ["openspec_status", { change: ESCAPING_CHANGE }],
  ["openspec_instructions", { artifact: "apply", change: ESCAPING_CHANGE }],
  ["openspec_instructions", { artifact: "tasks", change: ESCAPING_CHANGE }],
  ["openspec_show", { target: ESCAPING_CHANGE }],
  ["openspec_show", { target: ESCAPING_CHANGE, type: "change" }],
  ["openspec_validate", { target: ESCAPING_CHANGE }],
];
const PICKED: [tool: string, args: Record<string, unknown>][] = [
  ["openspec_instructions", { artifact: "apply" }],
  ["openspec_instructions", { artifact: "tasks" }],
  ["openspec_status", {}],
  // The CLI's own listings skip a symlinked change folder; these check that it stays so.
  ["openspec_list", {}],
  ["openspec_validate", {}],
];

describe.each(LONG_LIVED_HOSTS)(
  "a change folder symlinked out of the repository, through the $host host",
  ({ open }) => {
    let host: HostUnderTest;
    beforeAll(async () => {
      host = await open({ env: sandbox.env, cwd: sandbox.home });
    });
    afterAll(async () => host?.close());

    async function call(tool: string, args: Record<string, unknown>) {
      const answer = await host.call(tool, args);
      calls += 1;
      // The answer must hold no outside marker, and nothing outside may change.
      expect(findAnswerProblem(answer)).toBeNull();
      expect(JSON.stringify(answer)).not.toContain(sandbox.outside);
      expect(treeChanges(outsideBefore, snapshotTree(sandbox.root, [sandbox.repo]))).toEqual([]);
      return answer.kind === "result" ? (answer.result as Record<string, unknown>) : {};
    }

    it.each(NAMED)(
      "GIVEN the change escape, a symlink out WHEN %s names it (%j) THEN path_outside_repository before the CLI runs",
      async (tool, args) => {
        const result = await call(tool, { source: "shop", ...args });
        expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
        expect(result).not.toHaveProperty("command");
      },
    );

    it.each(PICKED)(
      "GIVEN a repository whose only change folder is a symlink out WHEN %s is called without a change (%j) THEN it is neither picked nor listed and nothing from outside comes back",
      async (tool, args) => {
        const result = await call(tool, { source: "lonely", ...args });
        expect(result.change ?? null).toBeNull();
      },
    );
  },
);
