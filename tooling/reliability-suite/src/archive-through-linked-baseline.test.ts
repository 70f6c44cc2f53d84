import { existsSync } from "node:fs";
import { join } from "node:path";
import type { HostUnderTest } from "@org/host-harness";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { findAnswerProblem } from "./fuzz/find-answer-problem.js";
import { LONG_LIVED_HOSTS } from "./sandbox/hosts.js";
import {
  ARCHIVE_LINKED_SOURCE,
  archiveChangeInto,
  LINKED_BASELINES,
  makeArchiveTraps,
  READY_CHANGE,
} from "./sandbox/make-archive-traps.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";
import { snapshotTree, treeChanges } from "./sandbox/snapshot-tree.js";

/**
 * The archive of a change whose baseline spec leads out of the repository
 * through a symlink: the pinned CLI follows a spec folder linked out (and one
 * higher up without a word), writes the merged spec there and exits 0, so the
 * archive once answered `ok: true`, `outcome: "unchanged"`, while the dry run
 * and the spec diff showed a new spec. Also a repository whose
 * `openspec/changes/archive` is a symlink out.
 */
let sandbox: Sandbox;
let outsideBefore: ReturnType<typeof snapshotTree>;
let calls = 0;

beforeAll(async () => {
  sandbox = makeSandbox({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  await registerShop(sandbox);
  await makeArchiveTraps(sandbox);
  outsideBefore = snapshotTree(sandbox.root, [sandbox.repo]);
});

afterAll(() => {
  recordFigure(
    "archive through a linked baseline",
    `${calls} calls, none wrote or moved anything outside the repository`,
  );
  removeTemporaryFolders();
});

type Call = [what: string, tool: string, args: Record<string, unknown>, path: string];

const CALLS: Call[] = [
  ...LINKED_BASELINES.flatMap((spec): Call[] => {
    const change = archiveChangeInto(spec);
    const path = `openspec/specs/${spec}/spec.md`;
    return [
      [
        `archive ${change}`,
        "openspec_change_archive",
        { source: "shop", change, force: true },
        path,
      ],
      [
        `preview the archive of ${change} (dry_run)`,
        "openspec_change_archive",
        { source: "shop", change, dry_run: true },
        path,
      ],
      [`diff ${change}`, "openspec_spec_diff", { source: "shop", change }, path],
    ];
  }),
  [
    `archive ${READY_CHANGE} of ${ARCHIVE_LINKED_SOURCE}, whose openspec/changes/archive leads out`,
    "openspec_change_archive",
    { source: ARCHIVE_LINKED_SOURCE, change: READY_CHANGE },
    "openspec/changes/archive",
  ],
  [
    `preview the archive of ${READY_CHANGE} of ${ARCHIVE_LINKED_SOURCE} (dry_run)`,
    "openspec_change_archive",
    { source: ARCHIVE_LINKED_SOURCE, change: READY_CHANGE, dry_run: true },
    "openspec/changes/archive",
  ],
];

describe.each(LONG_LIVED_HOSTS)(
  "an archive through a baseline spec symlinked out of the repository, through the $host host",
  ({ open }) => {
    let host: HostUnderTest;
    beforeAll(async () => {
      host = await open({ env: sandbox.env, cwd: sandbox.home });
    });
    afterAll(async () => host?.close());

    it.each(CALLS)(
      "GIVEN %s WHEN called THEN path_outside_repository names the path before the CLI runs, the change stays, and nothing outside changes",
      async (_what, tool, args, path) => {
        const answer = await host.call(tool, args);
        calls += 1;
        expect(findAnswerProblem(answer)).toBeNull();
        expect(treeChanges(outsideBefore, snapshotTree(sandbox.root, [sandbox.repo]))).toEqual([]);
        const result = answer.kind === "result" ? (answer.result as Record<string, unknown>) : {};
        expect(result).toMatchObject({ ok: false, code: "path_outside_repository", path });
        expect(result).not.toHaveProperty("command");
        if (args.source === "shop") {
          expect(existsSync(join(sandbox.repo, "openspec", "changes", String(args.change)))).toBe(
            true,
          );
        }
      },
    );
  },
);
