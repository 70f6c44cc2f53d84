import { openRepository } from "@org/openspec-artifacts";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it, vi } from "vitest";
import { pickChange } from "./pick-change.js";

// Counts how often the change folders are listed; everything else is the real package.
const listings = vi.hoisted(() => ({ count: 0 }));
vi.mock("@org/openspec-artifacts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@org/openspec-artifacts")>();
  return {
    ...actual,
    listActiveChangeFolders: (...args: Parameters<typeof actual.listActiveChangeFolders>) => {
      listings.count += 1;
      return actual.listActiveChangeFolders(...args);
    },
  };
});

afterAll(removeTemporaryFolders);

function repositoryOf(files: Record<string, string>) {
  const opened = openRepository(makeOpenSpecRepository(files), { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  return opened.repository;
}

describe("picking the change a call is about", () => {
  it("GIVEN a repository of several changes WHEN a call names one THEN it is taken as named and the other change folders are not listed", async () => {
    const repository = repositoryOf({
      "openspec/changes/add-login/proposal.md": "# a\n",
      "openspec/changes/add-logout/proposal.md": "# b\n",
    });
    listings.count = 0;
    expect(await pickChange(repository, "add-login")).toEqual({ change: "add-login" });
    expect(listings.count).toBe(0);
  });

  it("GIVEN one active change WHEN none is named THEN that one is picked and the note says so", async () => {
    const repository = repositoryOf({ "openspec/changes/add-login/proposal.md": "# a\n" });
    expect(await pickChange(repository, undefined)).toEqual({
      change: "add-login",
      note: 'No change was named, so the only active change "add-login" was used.',
    });
  });

  it("GIVEN two active changes WHEN none is named THEN none is picked and both are offered", async () => {
    const repository = repositoryOf({
      "openspec/changes/add-login/proposal.md": "# a\n",
      "openspec/changes/add-logout/proposal.md": "# b\n",
    });
    const picked = await pickChange(repository, undefined);
    expect(picked.change).toBeUndefined();
    expect([...(picked.activeChanges ?? [])].sort()).toEqual(["add-login", "add-logout"]);
  });
});
