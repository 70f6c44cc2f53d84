import { spawn } from "node:child_process";
import { once } from "node:events";
import { lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import {
  type HostOptions,
  type HostUnderTest,
  openLibraryHost,
  openMcpHost,
} from "@org/host-harness";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { SPEC_CONTENT } from "./path-safety/path-cases.js";
import { reliabilitySizes } from "./reliability-mode.js";
import { makeSandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";
import { snapshotTree, treeChanges } from "./sandbox/snapshot-tree.js";

const SWAPPER = join(import.meta.dirname, "workers", "folder-swapper.mjs");
/**
 * How long the folder is swapped: 5 s by default, 2 minutes in the long mode. The swapper and
 * the writes each keep a core busy all the while. 5 s meet the race thousands of times, and the
 * by-path walk of machines without /proc left temporary files outside within 3 s.
 */
const sizes = reliabilitySizes();
const SWAP_MS = sizes.mode === "long" ? 120_000 : 5_000;
const NAME = "swapped";

afterAll(removeTemporaryFolders);

/** Every temporary file of an atomic write below a folder, without following symlinks. */
function temporaryFilesBelow(folder: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    if (!lstatSync(path).isDirectory()) return;
    for (const entry of readdirSync(path)) {
      if (/\.tmp$/.test(entry)) found.push(join(path, entry));
      visit(join(path, entry));
    }
  };
  visit(folder);
  return found;
}

/** Starts the swapper and resolves once it swaps; `done` gives its swap count. */
async function startSwapper(folder: string, target: string, aside: string) {
  const child = spawn(process.execPath, [SWAPPER, folder, target, aside, String(SWAP_MS)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const said: string[] = [];
  let heard: () => void = () => {};
  lines.on("line", (line) => {
    said.push(line);
    heard();
  });
  await new Promise<void>((resolve) => {
    heard = resolve;
  });
  const done = once(child, "exit").then(([code]) => {
    if (code !== 0) throw new Error(`the swapper exited with ${code}`);
    return Number(said[1]);
  });
  return { child, done };
}

// The race is in the artifacts library's writes, which every host calls: the MCP server repeats
// it over a transport in the long mode only (`everyHost`).
describe.each(
  (
    [
      { host: "library", open: openLibraryHost },
      { host: "mcp", open: openMcpHost },
    ] as { host: string; open: (options: HostOptions) => Promise<HostUnderTest> }[]
  ).filter(({ host }) => sizes.everyHost || host === "library"),
)("the folder swap race of spec_create through the $host host", ({ host, open }) => {
  it(`GIVEN a process that swaps openspec/specs/${NAME} for a symlink out and back in a tight loop for ${SWAP_MS / 1000} s WHEN spec_create with force runs again and again meanwhile THEN nothing is written outside the repository and no temporary file is left`, async () => {
    const sandbox = makeSandbox();
    await registerShop(sandbox);
    const target = join(sandbox.outside, "swap-target");
    mkdirSync(target);
    const folder = join(sandbox.repo, "openspec", "specs", NAME);
    const library: HostUnderTest = await open({ env: sandbox.env, cwd: sandbox.home });
    const first = await library.call("openspec_spec_create", {
      source: "shop",
      name: NAME,
      ...SPEC_CONTENT,
    });
    expect(first).toMatchObject({ kind: "result", result: { ok: true } });
    const outsideBefore = snapshotTree(sandbox.root, [sandbox.repo]);

    const swapper = await startSwapper(folder, target, join(sandbox.repo, "openspec", "aside"));
    let finished = false;
    void swapper.done.finally(() => {
      finished = true;
    });
    const outcomes = new Map<string, number>();
    while (!finished) {
      const answer = await library.call("openspec_spec_create", {
        source: "shop",
        name: NAME,
        force: true,
        ...SPEC_CONTENT,
      });
      const result = (answer.kind === "result" ? answer.result : {}) as Record<string, unknown>;
      const outcome = result.ok === true ? "ok" : String(result.code);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      // Let the swapper's exit be seen between synchronous writes.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const swaps = await swapper.done;
    await library.close();

    const leaked = treeChanges(outsideBefore, snapshotTree(sandbox.root, [sandbox.repo]));
    const leftovers = temporaryFilesBelow(sandbox.repo);
    const summary = [...outcomes].map(([outcome, count]) => `${count} ${outcome}`).join(", ");
    recordFigure(
      "folder swap race",
      `${host}: ${swaps} swaps in ${SWAP_MS / 1000} s against ${[...outcomes.values()].reduce((a, b) => a + b, 0)} forced writes (${summary}): ${leaked.length} paths changed outside, ${leftovers.length} temporary files left`,
    );
    expect(leaked).toEqual([]);
    expect(leftovers).toEqual([]);
    expect(
      [...outcomes.keys()].filter(
        (outcome) => !["ok", "path_outside_repository", "write_failed"].includes(outcome),
      ),
    ).toEqual([]);
    // Writes that got past the check by path and met the swap at the open folder: the race itself.
    expect((outcomes.get("ok") ?? 0) + (outcomes.get("write_failed") ?? 0)).toBeGreaterThan(0);
  });
});
