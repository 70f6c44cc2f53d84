import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { HostUnderTest } from "@org/host-harness";
import { createCatalog } from "@org/openspec-core";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { findAnswerProblem } from "./fuzz/find-answer-problem.js";
import { SPEC_CONTENT } from "./path-safety/path-cases.js";
import { LONG_LIVED_HOSTS } from "./sandbox/hosts.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";
import { snapshotTree, treeChanges } from "./sandbox/snapshot-tree.js";

/**
 * The source `child` is `shop/packages/child`, a folder without openspec/
 * inside the repository `shop`, which has one: a registered source is its own
 * root, so nothing may be written to or read from `shop/openspec` through it.
 */
let sandbox: Sandbox;
let child: string;
let shopBefore: ReturnType<typeof snapshotTree>;
let calls = 0;

beforeAll(async () => {
  sandbox = makeSandbox({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  child = join(sandbox.repo, "packages", "child");
  mkdirSync(child, { recursive: true });
  const catalog = createCatalog({ env: sandbox.env });
  try {
    const added = await catalog.call("openspec_source_add", { path: child, name: "child" });
    if (!added.ok) throw new Error(`registering child failed: ${added.error}`);
  } finally {
    catalog.close();
  }
  shopBefore = snapshotTree(join(sandbox.repo, "openspec"));
});

afterAll(() => {
  recordFigure(
    "source without openspec/",
    `${calls} calls, none wrote to or read from the ancestor's openspec/`,
  );
  removeTemporaryFolders();
});

const REFUSED: [tool: string, args: Record<string, unknown>][] = [
  ["openspec_spec_create", { name: "child-spec", ...SPEC_CONTENT }],
  ["openspec_spec_create", { name: "child-spec", ...SPEC_CONTENT, force: true }],
  ["openspec_spec_create", { name: "auth", ...SPEC_CONTENT, force: true }],
  ["openspec_list", {}],
  ["openspec_status", {}],
  ["openspec_show", { target: "auth" }],
  ["openspec_validate", {}],
  ["openspec_instructions", { artifact: "proposal" }],
];

describe.each(LONG_LIVED_HOSTS)(
  "a source without openspec/ under an ancestor that has one, through the $host host",
  ({ open }) => {
    let host: HostUnderTest;
    beforeAll(async () => {
      host = await open({ env: sandbox.env, cwd: sandbox.home });
    });
    afterAll(async () => host?.close());

    async function call(tool: string, args: Record<string, unknown>) {
      const answer = await host.call(tool, args);
      calls += 1;
      expect(findAnswerProblem(answer)).toBeNull();
      expect(treeChanges(shopBefore, snapshotTree(join(sandbox.repo, "openspec")))).toEqual([]);
      return answer.kind === "result" ? (answer.result as Record<string, unknown>) : {};
    }

    it.each(REFUSED)(
      "WHEN %s is called on it (%j) THEN no_openspec_root with a fix naming openspec init in its folder",
      async (tool, args) => {
        const result = await call(tool, { source: "child", ...args });
        expect(result).toMatchObject({ ok: false, code: "no_openspec_root" });
        expect(String(result.fix)).toContain("openspec init");
        expect(String(result.fix)).toContain(child);
      },
    );

    it("WHEN its specs, a spec of the ancestor and its context are read THEN nothing of the ancestor comes back", async () => {
      expect(await call("openspec_spec_list", { source: "child" })).toMatchObject({
        ok: true,
        specs: [],
      });
      expect(await call("openspec_spec_show", { source: "child", name: "auth" })).toMatchObject({
        ok: false,
      });
      expect(await call("openspec_context", { identifier: "child" })).toMatchObject({
        ok: true,
        path: child,
        specs: [],
        changes: [],
      });
      expect(await call("openspec_context", { identifier: "child/auth" })).toMatchObject({
        ok: false,
      });
    });
  },
);
