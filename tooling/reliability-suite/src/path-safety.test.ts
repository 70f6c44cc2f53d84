import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type HostUnderTest, openLibraryHost } from "@org/host-harness";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { findAnswerProblem } from "./fuzz/find-answer-problem.js";
import {
  fillPlaceholders,
  type PathCase,
  readCases,
  SHOP_TOKEN,
  SHOP_TOKEN_IN_CAPITALS,
  SPEC_CONTENT,
  writeCases,
} from "./path-safety/path-cases.js";
import { EVENTUALLY_MS } from "./processes/wait-for.js";
import { LONG_LIVED_HOSTS } from "./sandbox/hosts.js";
import { ANCESTOR_SPEC_ID, makePathTraps, type PathTraps } from "./sandbox/make-path-traps.js";
import {
  ESCAPING_CHANGE,
  ESCAPING_SPECS,
  makeSandbox,
  OUTSIDE_SPEC_IDS,
  type Sandbox,
} from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";
import { snapshotTree, treeChanges } from "./sandbox/snapshot-tree.js";

const CALL_TOOL = join(import.meta.dirname, "workers", "call-tool.mjs");
/** The specs and changes that are symlinks leading out, and what lies outside: none may be listed. */
const ESCAPING_NAMES = new Set<string>([
  ...ESCAPING_SPECS,
  ESCAPING_CHANGE,
  "leak",
  ...OUTSIDE_SPEC_IDS,
  ANCESTOR_SPEC_ID,
]);

/** The spec ids and change names a listing holds: `openspec_spec_list`'s ids, a bare `openspec_context`'s names and paths. */
function listedNames(result: Record<string, unknown>): string[] {
  const entries = [result.specs, result.changes, result.archived_changes].flatMap((list) =>
    Array.isArray(list) ? (list as unknown[]) : [],
  );
  return entries.map((entry) => {
    if (typeof entry === "string") return entry;
    const fields = (entry ?? {}) as { id?: unknown; name?: unknown; path?: unknown };
    const specId =
      typeof fields.path === "string" ? fields.path.replace(/\/spec\.md$/, "") : undefined;
    return String(fields.id ?? fields.name ?? specId);
  });
}

let sandbox: Sandbox;
let traps: PathTraps;
let outsideBefore: ReturnType<typeof snapshotTree>;
let hardLinkContent: string;
let calls = 0;

beforeAll(async () => {
  sandbox = makeSandbox();
  await registerShop(sandbox);
  traps = await makePathTraps(sandbox);
  hardLinkContent = readFileSync(traps.hardLinkTarget, "utf8");
  outsideBefore = snapshotTree(sandbox.root, [sandbox.repo]);
});

afterAll(() => {
  recordFigure("path safety", `${calls} calls`);
  removeTemporaryFolders();
});

describe.each(LONG_LIVED_HOSTS)("path safety through the $host host", ({ open }) => {
  let host: HostUnderTest;
  beforeAll(async () => {
    host = await open({ env: sandbox.env, cwd: sandbox.home });
  });
  afterAll(async () => host?.close());

  async function expectSafe(pathCase: PathCase): Promise<Record<string, unknown>> {
    const answer = await host.call(pathCase.tool, fillPlaceholders(pathCase.args, traps));
    calls += 1;
    expect(findAnswerProblem(answer)).toBeNull();
    expect(treeChanges(outsideBefore, snapshotTree(sandbox.root, [sandbox.repo]))).toEqual([]);
    const result =
      answer.kind === "result" ? (answer.result as Record<string, unknown>) : { ok: false };
    if (pathCase.expect.refused) {
      expect(result.ok).toBe(false);
      if (pathCase.expect.code && answer.kind === "result")
        expect(result.code).toBe(pathCase.expect.code);
    }
    return result;
  }

  it.each(writeCases())(
    "GIVEN $what WHEN a spec is written through it THEN it is refused and nothing outside changes",
    async (pathCase) => {
      const result = await expectSafe(pathCase);
      expect(existsSync(traps.goneFolder)).toBe(false);
      if ([SHOP_TOKEN, SHOP_TOKEN_IN_CAPITALS].includes(String(pathCase.args.source))) {
        expect(result).toMatchObject({ ok: true });
        expect(existsSync(join(sandbox.repo, "openspec", "specs", "by-token", "spec.md"))).toBe(
          true,
        );
      }
    },
  );

  it.each(readCases())(
    "GIVEN $what WHEN it is read THEN it is refused or contained: nothing from outside comes back",
    async (pathCase) => {
      const result = await expectSafe(pathCase);
      expect(listedNames(result).filter((name) => ESCAPING_NAMES.has(name))).toEqual([]);
    },
  );

  it("GIVEN a spec that is a hard link to a file outside WHEN it is replaced with force THEN the new spec is written inside and the file outside keeps its content", async () => {
    const result = await expectSafe({
      what: "hard link",
      tool: "openspec_spec_create",
      args: { source: "shop", name: "hardlinked", ...SPEC_CONTENT, force: true },
      expect: { refused: false },
    });
    expect(result).toMatchObject({ ok: true, overwritten: true });
    expect(readFileSync(traps.hardLinkTarget, "utf8")).toBe(hardLinkContent);
    expect(
      readFileSync(join(sandbox.repo, "openspec", "specs", "hardlinked", "spec.md"), "utf8"),
    ).toContain("# Escape");
  });
});

describe("path safety: regressions found by this suite", () => {
  let library: HostUnderTest;
  beforeAll(async () => {
    library = await openLibraryHost({ env: sandbox.env, cwd: sandbox.home });
  });
  afterAll(async () => library?.close());

  // A change folder or a specs folder that is itself a symlink out once leaked the names behind it.
  it.each([
    {
      what: "the specs of the change escape, a symlink out",
      tool: "openspec_spec_list",
      args: { source: "shop", change: ESCAPING_CHANGE },
    },
    {
      what: "the specs of linked, whose openspec/specs is a symlink out",
      tool: "openspec_spec_list",
      args: { source: "linked" },
    },
    {
      what: "the context of linked, whose openspec/specs is a symlink out",
      tool: "openspec_context",
      args: { identifier: "linked" },
    },
  ])("GIVEN $what WHEN listed THEN no name from outside comes back", async ({ tool, args }) => {
    const answer = await library.call(tool, args);
    const result = answer.kind === "result" ? (answer.result as Record<string, unknown>) : {};
    expect(listedNames(result).filter((name) => ESCAPING_NAMES.has(name))).toEqual([]);
  });

  it("GIVEN the change escape, a symlink out WHEN a missing spec of it is shown THEN the fix names no spec from outside", async () => {
    const answer = await library.call("openspec_spec_show", {
      source: "shop",
      change: ESCAPING_CHANGE,
      name: "missing",
    });
    expect(answer).toMatchObject({ kind: "result", result: { ok: false } });
    const text = JSON.stringify(answer);
    for (const name of ESCAPING_SPECS) expect(text).not.toContain(`Known specs: ${name}`);
    expect(text).not.toMatch(/Known specs:/);
  });

  // Checking whether the target exists by opening it once blocked on a FIFO, freezing the host
  // for good: the call never answered. The kill after EVENTUALLY_MS only turns that hang into a
  // failure; a call that answers does so in well under a second.
  it("GIVEN a spec.md that is a FIFO WHEN it is replaced with force THEN the call answers instead of hanging on the FIFO", () => {
    const folder = join(sandbox.repo, "openspec", "specs", "pipe");
    mkdirSync(folder);
    expect(spawnSync("/usr/bin/mkfifo", [join(folder, "spec.md")]).status).toBe(0);
    const run = spawnSync(
      process.execPath,
      [
        CALL_TOOL,
        "openspec_spec_create",
        JSON.stringify({ source: "shop", name: "pipe", ...SPEC_CONTENT, force: true }),
      ],
      { env: sandbox.env, encoding: "utf8", timeout: EVENTUALLY_MS, killSignal: "SIGKILL" },
    );
    expect(run.signal).toBeNull();
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true });
  });
});
