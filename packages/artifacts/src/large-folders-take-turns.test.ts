import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders, turnsDuring } from "@org/test-kit";
import { afterAll, describe, expect, it, vi } from "vitest";
import { checkArchiveWrites } from "./check-archive-writes.js";
import { createChange } from "./create-change.js";
import { listDeltaSpecIds } from "./list-delta-spec-ids.js";
import { openRepository, type Repository } from "./open-repository.js";
import { previewChangeArchive } from "./preview-change-archive.js";
import { unarchiveChange } from "./unarchive-change.js";
import { writeChangeArtifact } from "./write-change-artifact.js";

afterAll(removeTemporaryFolders);

/** Delta specs of one change: its `specs/` holds this many capability folders. */
const DELTA_SPECS = 2_000;
/** Folders in `openspec/changes/archive`. */
const ARCHIVED = 10_000;

function deltaOf(index: number): string {
  return `## ADDED Requirements\n\n### Requirement: Cap ${index}\nThe system SHALL do ${index}.\n\n#### Scenario: Works\n- **WHEN** used\n- **THEN** it works\n`;
}

function open(root: string): Repository {
  const opened = openRepository(root, { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  return opened.repository;
}

describe("a change with thousands of delta specs", () => {
  const root = makeOpenSpecRepository({
    "openspec/changes/wide/proposal.md": "# Wide\n\n## Why\nMany.\n\n## What Changes\n- All\n",
  });
  for (let i = 0; i < DELTA_SPECS; i++) {
    const folder = join(root, "openspec/changes/wide/specs", `cap-${i}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "spec.md"), deltaOf(i));
  }
  const repository = open(root);
  // A walk that yields takes a turn every few hundred entries; a synchronous one lets none happen.
  const yielding = DELTA_SPECS / 256 / 2;

  it("GIVEN 2,000 delta specs WHEN the archive is previewed THEN the event loop turns while they are found, read and merged, and every one is previewed", async () => {
    const { value, turns } = await turnsDuring(async () =>
      previewChangeArchive(repository, { change: "wide" }),
    );
    expect(turns).toBeGreaterThan(yielding);
    if (!value.ok) throw new Error(value.error);
    expect(value.specs).toHaveLength(DELTA_SPECS);
    expect(value.would_archive).toBe(true);
  });

  it("GIVEN 2,000 delta specs WHEN the archive's writes are checked THEN the event loop turns while they are found, and nothing is refused", async () => {
    const { value, turns } = await turnsDuring(async () =>
      checkArchiveWrites(repository, { change: "wide" }),
    );
    expect(turns).toBeGreaterThan(yielding);
    expect(value).toBeNull();
  });

  it("GIVEN 2,000 delta specs WHEN their ids are listed THEN the event loop turns while they are looked at, and every id is named in order", async () => {
    const { value, turns } = await turnsDuring(async () =>
      listDeltaSpecIds(join(root, "openspec/changes/wide")),
    );
    expect(turns).toBeGreaterThan(yielding);
    expect(value).toHaveLength(DELTA_SPECS);
    expect(value).toEqual([...value].sort());
  });
});

describe("an archive of ten thousand changes", () => {
  const root = makeOpenSpecRepository({
    "openspec/changes/live/proposal.md": "# Live\n\n## Why\nNow.\n\n## What Changes\n- It\n",
  });
  const archive = join(root, "openspec/changes/archive");
  for (let i = 0; i < ARCHIVED; i++)
    mkdirSync(join(archive, `2026-01-01-old-${i}`), { recursive: true });
  mkdirSync(join(archive, "2026-02-02-done"));
  writeFileSync(join(archive, "2026-02-02-done/proposal.md"), "# Done\n");
  const repository = open(root);
  // One turn per batch of 1,024 entries at least; a synchronous read lets none happen.
  const yielding = ARCHIVED / 1024 / 2;

  it("GIVEN 10,000 archived changes WHEN a change of an archived name is created THEN the event loop turns while the archive is read, and the answer names the archived one", async () => {
    const { value, turns } = await turnsDuring(async () =>
      createChange(repository, {
        name: "old-42",
        why: "Again, because the first attempt was archived too early.",
        whatChanges: ["Bring it back"],
      }),
    );
    expect(turns).toBeGreaterThan(yielding);
    if (!value.ok) throw new Error(value.error);
    expect(value.warnings).toContainEqual(
      expect.objectContaining({
        code: "archived_change_same_name",
        message: expect.stringContaining("archive/2026-01-01-old-42"),
      }),
    );
  });

  it("GIVEN 10,000 archived changes WHEN an archived change is written to THEN the event loop turns while the archive is read, and the refusal says it is archived", async () => {
    // A new entry, so the archive is read again rather than answered from the listing cached before.
    mkdirSync(join(archive, "2026-03-03-fresh"));
    const { value, turns } = await turnsDuring(() =>
      writeChangeArtifact(repository, { change: "old-7", artifact: "tasks", content: "- [ ] x\n" }),
    );
    expect(turns).toBeGreaterThan(yielding);
    expect(value).toMatchObject({ ok: false, code: "change_not_found" });
    expect(value.ok ? "" : value.error).toContain("2026-01-01-old-7");
  });

  it("GIVEN 10,000 archived changes WHEN one is unarchived THEN the event loop turns while the archive is read, and the change is back", async () => {
    const { value, turns } = await turnsDuring(async () =>
      unarchiveChange(repository, { change: "done" }),
    );
    expect(turns).toBeGreaterThan(yielding);
    expect(value).toMatchObject({ ok: true, change: "done", path: "openspec/changes/done" });
  });
});

/** The modules under test loaded afresh, so their folder caches start empty. */
async function freshModules() {
  vi.resetModules();
  return {
    listSpecs: (await import("./list-specs.js")).listSpecs,
    listSpecsAsync: (await import("./list-specs-async.js")).listSpecsAsync,
    showSpec: (await import("./show-spec.js")).showSpec,
    showSpecAsync: (await import("./show-spec-async.js")).showSpecAsync,
    resolveContext: (await import("./resolve-context.js")).resolveContext,
    resolveContextAsync: (await import("./resolve-context-async.js")).resolveContextAsync,
  };
}

describe("specs folders no overview has read", () => {
  const SPECS = 2_000;
  const files: Record<string, string> = {
    "openspec/changes/wide/proposal.md": "# Wide\n\n## Why\nMany.\n\n## What Changes\n- All\n",
  };
  for (let i = 0; i < SPECS; i++) {
    files[`openspec/specs/cap-${i}/spec.md`] = `# cap-${i}\n\n## Purpose\nDo ${i}.\n`;
    files[`openspec/changes/wide/specs/cap-${i}/spec.md`] = deltaOf(i);
  }
  const root = makeOpenSpecRepository(files);
  const shop = (name: string) =>
    name === "shop"
      ? { ok: true as const, name, path: root }
      : { ok: false as const, code: "source_not_found", error: `No source ${name}.` };
  // A turn at least every 512 entries walked (each spec folder and its spec.md); a synchronous
  // walk lets none happen.
  const yielding = (SPECS * 2) / 512 / 2;

  it("GIVEN 2,000 baseline specs and 2,000 delta specs never read before WHEN each folder is listed THEN the event loop turns while the folders are read, and the answers are the synchronous ones", async () => {
    const { listSpecs, listSpecsAsync } = await freshModules();
    const repository = open(root);
    for (const change of [null, "wide"]) {
      const { value, turns } = await turnsDuring(() => listSpecsAsync(repository, { change }));
      expect(turns).toBeGreaterThan(yielding);
      expect(value).toMatchObject({ ok: true, change });
      expect(value.ok && value.specs).toHaveLength(SPECS);
      expect(value).toEqual(listSpecs(repository, { change }));
    }
  });

  it("GIVEN 2,000 specs never read before WHEN a spec that is not there is shown THEN the event loop turns while the folder is read, and the refusal names the known specs as the synchronous one does", async () => {
    const { showSpec, showSpecAsync } = await freshModules();
    const repository = open(root);
    const { value, turns } = await turnsDuring(() => showSpecAsync(repository, { name: "nope" }));
    expect(turns).toBeGreaterThan(yielding);
    expect(value).toMatchObject({ ok: false, code: "spec_not_found" });
    expect(value).toEqual(showSpec(repository, { name: "nope" }));
  });

  it("GIVEN a change of 2,000 delta specs never read before, and no baseline spec WHEN its context is resolved THEN the event loop turns while its specs folder is read, and the answer is the synchronous one", async () => {
    const { resolveContext, resolveContextAsync } = await freshModules();
    rmSync(join(root, "openspec/specs"), { recursive: true });
    const { value, turns } = await turnsDuring(() => resolveContextAsync("shop/wide", shop));
    expect(turns).toBeGreaterThan(yielding);
    expect(value).toMatchObject({ ok: true, change: { name: "wide" } });
    expect(JSON.stringify(value)).toBe(JSON.stringify(resolveContext("shop/wide", shop)));
  });

  it("GIVEN a change of 2,000 delta specs whose folders were read already WHEN its context is resolved again THEN the event loop turns while its files are read, and the answer is the synchronous one", async () => {
    const { resolveContext, resolveContextAsync } = await freshModules();
    await resolveContextAsync("shop/wide", shop);
    const { value, turns } = await turnsDuring(() => resolveContextAsync("shop/wide", shop));
    // The folders cost a stat each now, a turn every 512 entries; the files a turn every 32.
    expect(turns).toBeGreaterThan(SPECS / 32 / 2);
    expect(value).toMatchObject({ ok: true, change: { name: "wide" } });
    expect(value.ok && "change" in value && value.change.specs).toHaveLength(SPECS);
    expect(JSON.stringify(value)).toBe(JSON.stringify(resolveContext("shop/wide", shop)));
  });
});

describe("the token table of a repository of 10,000 changes", () => {
  const CHANGES = 10_000;
  const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": "# auth\n" });
  for (let i = 0; i < CHANGES; i++) mkdirSync(join(root, "openspec/changes", `c-${i}`));

  it("GIVEN its folders were read WHEN its token table is read ahead THEN the event loop turns while the changes are hashed, and the tokens are those the synchronous table gives", async () => {
    vi.resetModules();
    const { readChangeFoldersAhead } = await import("./scan-changes.js");
    const { readRepositoryTokensAhead, repositoryTokens } = await import("./repository-tokens.js");
    const repository = open(root);
    await readChangeFoldersAhead(repository, false);
    await readChangeFoldersAhead(repository, true);
    const { turns } = await turnsDuring(() => readRepositoryTokensAhead(repository, []));
    // A turn per 2,048 changes hashed; a table built at once lets none happen.
    expect(turns).toBeGreaterThan(CHANGES / 2048 / 2);
    const ahead = repositoryTokens(repository, []);
    const token = ahead.tokenOf(ahead.changeHash("c-42", false));
    vi.resetModules();
    const fresh = (await import("./repository-tokens.js")).repositoryTokens(repository, []);
    expect(token).toBe(fresh.tokenOf(fresh.changeHash("c-42", false)));
    expect(ahead.startingWith(token.slice(3)).changes.map((change) => change.name)).toEqual([
      "c-42",
    ]);
  });
});
