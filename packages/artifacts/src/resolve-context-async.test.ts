import { mkdirSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { makeOpenSpecRepository, removeTemporaryFolders, turnsDuring } from "@org/test-kit";
import { afterAll, describe, expect, it, vi } from "vitest";
import { cachedFolderReader } from "./cache/cached-folder-reader.js";
import { observe } from "./cache/file-signature.js";
import { countFsCalls } from "./test-support/count-fs-calls.js";

afterAll(removeTemporaryFolders);

// Eight batches of 1,024 entries and 32 turns of 256, several times what the reading gives without
// its turns (8 against the 32 that "a turn every 256" asks, with yieldEvery turned off). 20,000
// folders, made three times, added no case and cost about 4 s of CPU.
const CHANGES = 8_192;

/** The source resolver of a registry holding one source, `shop`. */
function onlyShop(root: string) {
  return (name: string) =>
    name === "shop"
      ? { ok: true as const, name, path: root }
      : { ok: false as const, code: "source_not_found", error: `No source ${name}.` };
}

/** The module under test loaded afresh, so its folder caches start empty. */
async function freshModules() {
  vi.resetModules();
  return {
    sync: (await import("./resolve-context.js")).resolveContext,
    async: (await import("./resolve-context-async.js")).resolveContextAsync,
  };
}

describe("the first overview of a repository with a huge changes folder", () => {
  const root = makeOpenSpecRepository({
    "openspec/specs/auth/spec.md": "# auth\n\n## Purpose\nLog in.\n",
    "openspec/specs/platform/session/spec.md": "# session\n\n## Purpose\nStay in.\n",
    "openspec/ideas/faster-login.md": "# Faster login\n",
  });
  const changes = join(root, "openspec/changes");
  // Names whose order differs between UTF-16 and UTF-8 bytes, and case.
  for (const name of ["\u{1F600}-smile", "\uE000-private", "Zeta", "alpha", "é-accent"]) {
    mkdirSync(join(changes, name));
    writeFileSync(join(changes, name, "proposal.md"), `# ${name}\n`);
  }
  for (let i = 0; i < CHANGES; i++) mkdirSync(join(changes, `c-${i}`));
  mkdirSync(join(changes, "archive/2026-01-01-old"), { recursive: true });

  it("GIVEN 8,192 change folders never read before WHEN the overview is resolved THEN the event loop turns again and again while they are read, and the answer is the synchronous one byte for byte", async () => {
    const { async } = await freshModules();
    const page = { limit: 1000, offset: 0 };
    const { value, turns } = await turnsDuring(() => async("shop", onlyShop(root), page));
    // One turn per batch of 1,024 entries at least; a synchronous read lets about one happen.
    expect(turns).toBeGreaterThan(CHANGES / 1024 / 2);
    expect(value).toMatchObject({ ok: true, totals: { changes: CHANGES + 5, specs: 2 } });

    const { sync } = await freshModules();
    expect(JSON.stringify(value)).toBe(JSON.stringify(sync("shop", onlyShop(root), page)));
  });

  it("GIVEN a bare token of a change WHEN it is resolved THEN every source is read ahead and the change is found as the synchronous call finds it", async () => {
    const { sync } = await freshModules();
    const overview = sync("shop", onlyShop(root), { limit: 5 });
    if (!("changes" in overview)) throw new Error("no overview");
    const token = overview.changes[0]?.token ?? "";
    const { async } = await freshModules();
    const options = { everySource: () => [{ name: "shop", path: root }] };
    const { value, turns } = await turnsDuring(() => async(token, onlyShop(root), {}, options));
    expect(turns).toBeGreaterThan(CHANGES / 1024 / 2);
    expect(value).toMatchObject({ ok: true, change: { name: overview.changes[0]?.name } });
  });
});

describe("the changes scanned ahead", () => {
  it("GIVEN 8,192 changes WHEN they are scanned ahead THEN the event loop turns while each is looked at, and the next synchronous scan answers that scan once, as long as the listings are unchanged", async () => {
    const root = makeOpenSpecRepository({ "openspec/changes/a-first/proposal.md": "# a\n" });
    for (let i = 0; i < CHANGES; i++) mkdirSync(join(root, "openspec/changes", `c-${i}`));
    // Quiet past a timestamp tick, so the listings are kept as long as they are unchanged,
    // however long the scan takes on a loaded machine: a folder changed within a tick is
    // trusted for a second only, and its ctime cannot be set back.
    await quietPastTick(["openspec/changes", "openspec/changes/archive"].map((f) => join(root, f)));
    const { openRepository } = await import("./open-repository.js");
    const { scanChangeFolders, scanChangeFoldersAhead } = await import("./scan-changes.js");
    const opened = openRepository(root, { searchUpward: false });
    if (!opened.ok) throw new Error(opened.error);
    const { turns } = await turnsDuring(() => scanChangeFoldersAhead(opened.repository));
    expect(turns).toBeGreaterThan(CHANGES / 256 / 2);
    // A proposal written since: the scan made ahead still answers, once.
    writeFileSync(join(root, "openspec/changes/c-0/proposal.md"), "# c-0\n");
    const scaffolded = (name: string) =>
      scanChangeFolders(opened.repository).active.find((change) => change.name === name)
        ?.scaffolded;
    expect(scaffolded("c-0")).toBe(true);
    expect(scaffolded("c-0")).toBe(false);
    // A listing changed since: the scan made ahead is not answered.
    await scanChangeFoldersAhead(opened.repository);
    mkdirSync(join(root, "openspec/changes/c-new"));
    expect(scaffolded("c-new")).toBe(true);
  });
});

describe("a folder read ahead", () => {
  const names = (_folder: string, entries: { name: string }[]) => entries.map((e) => e.name);

  it("GIVEN names that sort differently by UTF-16 units and by bytes WHEN a folder is read ahead THEN the entries come in readdirSync's order", async () => {
    const root = makeOpenSpecRepository({});
    const folder = join(root, "many");
    mkdirSync(folder);
    for (const name of [
      "\u{1F600}",
      "\uE000",
      "B",
      "a",
      "é",
      "a-1",
      "a_1",
      ...Array.from({ length: 3000 }, (_, i) => `n${i}`),
    ]) {
      writeFileSync(join(folder, name), "");
    }
    const ahead = await cachedFolderReader(names, 10).readAhead(folder);
    expect(ahead).toEqual(cachedFolderReader(names, 10)(folder));
  });

  it("GIVEN a folder read ahead WHEN it is read synchronously next THEN the reading ahead is answered, not a new listing, even when the folder changed within a tick of it, until the folder changes", async () => {
    const root = makeOpenSpecRepository({});
    const folder = join(root, "quiet");
    mkdirSync(folder);
    writeFileSync(join(folder, "one"), "");
    const reader = cachedFolderReader(names, 10);
    // Just changed: the cache may not keep this reading, the next call still takes it.
    mkdirSync(join(folder, "x"));
    rmdirSync(join(folder, "x"));
    const ahead = await reader.readAhead(folder);
    expect(reader(folder)).toBe(ahead);
    // Changed since: the folder is listed again.
    writeFileSync(join(folder, "two"), "");
    expect(reader(folder)).toEqual(["one", "two"]);
  });
});

describe("a lookup by token in a repository read before", () => {
  const SPECS = 2_000;
  const root = makeOpenSpecRepository({ "openspec/changes/a-first/proposal.md": "# a\n" });
  for (let i = 0; i < CHANGES; i++) mkdirSync(join(root, "openspec/changes", `c-${i}`));
  for (let i = 0; i < SPECS; i++) {
    mkdirSync(join(root, "openspec/specs", `s-${i}`), { recursive: true });
    writeFileSync(join(root, "openspec/specs", `s-${i}`, "spec.md"), `# s-${i}\n`);
  }

  it("GIVEN 8,192 changes and 2,000 spec folders already read WHEN a change is looked up by token again THEN each unchanged spec folder costs one synchronous stat, not a trip through the thread pool, and the named change is found", async () => {
    const { async } = await freshModules();
    const overview = await async("shop", onlyShop(root), { limit: 1 });
    if (!("changes" in overview)) throw new Error("no overview");
    const change = overview.changes[0];
    await async(`shop/${change?.token}`, onlyShop(root));
    const specsDir = join(root, "openspec/specs");
    const { value, calls } = await countFsCalls("promises.stat", specsDir, () =>
      countFsCalls("statSync", specsDir, () => async(`shop/${change?.token}`, onlyShop(root))),
    );
    expect(value.value).toMatchObject({ ok: true, change: { name: change?.name } });
    // An unchanged spec folder costs one synchronous stat, never a trip through the thread
    // pool each (2,000 of them, a turn of the event loop each). Counted, not timed.
    expect(calls).toBe(0);
    expect(value.calls).toBeLessThanOrEqual(SPECS + 1);
  });

  it("GIVEN the same repository WHEN its overview is asked again THEN every change is still looked into ahead, a turn every 256", async () => {
    const { async } = await freshModules();
    await async("shop", onlyShop(root), { limit: 1 });
    const { value, turns } = await turnsDuring(() => async("shop", onlyShop(root), { limit: 1 }));
    expect(value).toMatchObject({ ok: true, totals: { changes: CHANGES + 1, specs: SPECS } });
    expect(turns).toBeGreaterThanOrEqual(CHANGES / 256);
  });
});

/** Waits until no folder changed within a timestamp tick of now (at most the coarse tick, 2 s, and a little). */
async function quietPastTick(folders: string[]): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (folders.some((folder) => observe(statSync(folder), Date.now()).racy)) {
    if (Date.now() > deadline)
      throw new Error(`still changed within a tick: ${folders.join(", ")}`);
    await delay(20);
  }
}
