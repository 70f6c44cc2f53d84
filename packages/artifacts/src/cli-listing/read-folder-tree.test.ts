import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as settle } from "node:timers/promises";
import { makeOpenSpecRepository, removeTemporaryFolders, turnsDuring } from "@org/test-kit";
import { afterAll, describe, expect, it, vi } from "vitest";
import { countFsCalls } from "../test-support/count-fs-calls.js";
import { listChangesLikeCli } from "./list-changes-like-cli.js";

afterAll(removeTemporaryFolders);

const CHANGES = 200;

describe("a native listing of a repository listed before", () => {
  const root = makeOpenSpecRepository({});
  const changesDir = join(root, "openspec/changes");
  for (let i = 0; i < CHANGES; i++) {
    const change = join(changesDir, `c-${i}`);
    mkdirSync(join(change, "specs/cap"), { recursive: true });
    writeFileSync(join(change, "proposal.md"), `# c-${i}\n`);
    if (i > 0) writeFileSync(join(change, "tasks.md"), "- [ ] 1.1 Do it\n");
    writeFileSync(join(change, "specs/cap/spec.md"), "## ADDED Requirements\n");
  }
  // Entries read per listing: each change folder (proposal, tasks, specs), specs/ (cap), cap/ (spec.md), and changes/.
  const ENTRIES = CHANGES * 5 + CHANGES;

  it("GIVEN 200 changes listed once WHEN they are listed again THEN no change folder is opened again, the event loop still turns every 256 entries, and the answer is unchanged", async () => {
    // A folder read within a timestamp tick of its last change is read again next time; these are older.
    await settle(100);
    const first = await listChangesLikeCli(changesDir, "recent");
    const { value, calls } = await countFsCalls("opendirSync", changesDir, () =>
      listChangesLikeCli(changesDir, "recent"),
    );
    // changes/ itself is read on every listing; its 600 folders were opened on every listing.
    expect(calls).toBeLessThanOrEqual(1);
    expect(value).toEqual(first);
    // Still a turn every 256 entries. (What the listing costs is the count of folders opened
    // above; a ceiling on turns would count the turns that pass while a loaded machine waits.)
    const { turns } = await turnsDuring(() => listChangesLikeCli(changesDir, "recent"));
    expect(turns).toBeGreaterThanOrEqual(Math.floor(ENTRIES / 256));
  });

  it("GIVEN a change given a tasks.md since the last listing WHEN listed again THEN its folder is read again and its tasks are counted, as a first listing counts them", async () => {
    await listChangesLikeCli(changesDir, "recent");
    writeFileSync(join(changesDir, "c-0/tasks.md"), "- [x] 1.1 Done\n");
    const listed = await listChangesLikeCli(changesDir, "recent");
    const c0 = "changes" in listed ? listed.changes.find((change) => change.name === "c-0") : null;
    expect(c0).toMatchObject({ completedTasks: 1, totalTasks: 1, status: "complete" });
    vi.resetModules();
    const fresh = await import("./list-changes-like-cli.js");
    expect(listed).toEqual(await fresh.listChangesLikeCli(changesDir, "recent"));
  });
});
