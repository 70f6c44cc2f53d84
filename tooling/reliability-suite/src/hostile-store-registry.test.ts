import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HostUnderTest } from "@org/host-harness";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { findAnswerProblem } from "./fuzz/find-answer-problem.js";
import { LONG_LIVED_HOSTS, resultOf } from "./sandbox/hosts.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";
import { snapshotTree, treeChanges } from "./sandbox/snapshot-tree.js";

/**
 * The OpenSpec CLI lists whatever its store registry file holds, and a person
 * can edit that file: a relative root (it would resolve against the host's own
 * folder), a file, a folder gone, a root with a line break and an escape
 * sequence, a root spelled with `..` (the same folder must be found again on
 * the next import), and a symlink inside the repository that leads out to a
 * folder without openspec/. `openspec_source_import` must register only the
 * one real store, once, and write nothing but the registry.
 */
type Trap = { id: string; root: (sandbox: Sandbox) => string; reason: string | null };

const TRAPS: Trap[] = [
  { id: "relative", root: () => "../outside", reason: "invalid_path" },
  { id: "a-file", root: (sandbox) => sandbox.outsideFile, reason: "not_a_directory" },
  { id: "gone", root: (sandbox) => join(sandbox.root, "gone"), reason: "path_missing" },
  {
    id: "escapes",
    root: (sandbox) => join(sandbox.root, "x\n\u001b[2J\u202e"),
    reason: "path_missing",
  },
  { id: "link-out", root: (sandbox) => join(sandbox.repo, "hop"), reason: "no_openspec_folder" },
  // The one real store, spelled through the repository and `..`.
  { id: "elsewhere", root: (sandbox) => `${sandbox.repo}/../elsewhere`, reason: null },
];

function writeStoreRegistry(sandbox: Sandbox): void {
  const folder = join(String(sandbox.env.XDG_DATA_HOME), "openspec", "stores");
  mkdirSync(folder, { recursive: true });
  const entries = TRAPS.map(
    (trap) =>
      `  ${trap.id}:\n    backend:\n      type: git\n      local_path: ${JSON.stringify(trap.root(sandbox))}\n`,
  );
  writeFileSync(join(folder, "registry.yaml"), `version: 1\nstores:\n${entries.join("")}`);
}

let calls = 0;

afterAll(() => {
  recordFigure(
    "hand-edited store registry",
    `${calls} imports, one store registered per host, nothing outside written`,
  );
  removeTemporaryFolders();
});

describe.each(LONG_LIVED_HOSTS)(
  "a hand-edited OpenSpec store registry, through the $host host",
  ({ open }) => {
    let sandbox: Sandbox;
    let host: HostUnderTest;
    let before: ReturnType<typeof snapshotTree>;
    beforeAll(async () => {
      sandbox = makeSandbox({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
      mkdirSync(join(sandbox.root, "elsewhere", "openspec", "specs"), { recursive: true });
      writeStoreRegistry(sandbox);
      before = snapshotTree(sandbox.root);
      host = await open({ env: sandbox.env, cwd: sandbox.home });
    });
    afterAll(async () => host?.close());

    async function importStores(): Promise<Record<string, unknown>> {
      const answer = await host.call("openspec_source_import", {});
      calls += 1;
      expect(findAnswerProblem(answer)).toBeNull();
      expect(treeChanges(before, snapshotTree(sandbox.root))).toEqual([]);
      return resultOf(answer);
    }

    it("GIVEN relative, file, missing, escaping and linked-out roots beside one real store WHEN imported twice THEN only the real store is registered, once, at its normalized folder, and every trap is skipped with its reason", async () => {
      const first = await importStores();
      const second = await importStores();
      const listed = resultOf(await host.call("openspec_source_list", {}));

      const reasons = (result: Record<string, unknown>) =>
        Object.fromEntries(
          (result.skipped as { store: string; reason: string }[]).map((entry) => [
            entry.store,
            entry.reason,
          ]),
        );
      const expectedReasons = Object.fromEntries(
        TRAPS.filter((trap) => trap.reason !== null).map((trap) => [trap.id, trap.reason]),
      );
      expect(first).toMatchObject({
        ok: true,
        listed: TRAPS.length,
        added: [{ store: "elsewhere", name: "elsewhere", path: join(sandbox.root, "elsewhere") }],
      });
      expect(reasons(first)).toEqual(expectedReasons);
      expect(second).toMatchObject({ ok: true, added: [] });
      expect(reasons(second)).toEqual({ ...expectedReasons, elsewhere: "already_registered" });
      expect(listed).toMatchObject({
        ok: true,
        total: 1,
        sources: [{ name: "elsewhere", path: join(sandbox.root, "elsewhere") }],
      });
    });
  },
);
