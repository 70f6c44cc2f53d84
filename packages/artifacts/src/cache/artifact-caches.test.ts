import { readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { AUTH_SPEC, removeTemporaryFolders, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { repositorySnapshot } from "../test-support/repository-snapshot.js";
import { makeRepository } from "../test-support/temp-repository.js";
import { forgetCaches } from "./bounded-cache.js";
import { cacheStats } from "./cache-stats.js";

afterEach(removeTemporaryFolders);

const STARTING_FILES = {
  "openspec/changes/add-dark-mode/proposal.md": "# Dark mode\n",
  "openspec/changes/add-dark-mode/tasks.md": "- [x] 1.1 Pick colours\n- [ ] 1.2 Ship it\n",
  "openspec/changes/add-dark-mode/specs/ui/spec.md":
    "## ADDED Requirements\n\n### Requirement: Dark\nThe UI SHALL be dark.\n",
  "openspec/changes/add-search/proposal.md": "# Search\n",
  "openspec/changes/draft/tasks.md": "- [ ] 1.1 Think\n",
  "openspec/changes/archive/2024-01-01-old/proposal.md": "# Old\n",
  "openspec/specs/auth/spec.md": AUTH_SPEC,
  "openspec/specs/platform/session/spec.md": AUTH_SPEC,
};

// Timestamps come from a clock that ticks every few ms; a reading that close
// to a change is racy and never trusted. Letting the files settle before the
// first reading makes the cached answers the ones under test.
const settle = () => delay(120);

/** Rewrites a file with text of the same length and sets its mtime back: only ctime and content tell. */
function editInPlace(path: string, from: string, to: string): void {
  const before = statSync(path);
  const text = readFileSync(path, "utf8");
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
  utimesSync(path, before.atimeMs / 1000, before.mtimeMs / 1000);
  const after = statSync(path);
  expect(after.size).toBe(before.size);
  expect(after.mtimeMs).toBeCloseTo(before.mtimeMs, 2);
}

const mutations: Array<[string, (root: string) => void]> = [
  [
    "a change, a nested spec and a draft's proposal are added",
    (root) =>
      writeFiles(root, {
        "openspec/changes/add-export/proposal.md": "# Export\n",
        "openspec/specs/auth/oauth/spec.md": AUTH_SPEC,
        "openspec/changes/draft/proposal.md": "# Draft\n",
      }),
  ],
  [
    "tasks.md and specs are edited to the same size with their mtime set back",
    (root) => {
      editInPlace(join(root, "openspec/changes/add-dark-mode/tasks.md"), "[ ] 1.2", "[x] 1.2");
      editInPlace(join(root, "openspec/specs/auth/spec.md"), "signed in", "signed up");
      editInPlace(join(root, "openspec/changes/add-dark-mode/specs/ui/spec.md"), "dark.", "black");
    },
  ],
  [
    "a change, an archived change and a spec folder are renamed",
    (root) => {
      const changes = join(root, "openspec/changes");
      renameSync(join(changes, "add-search"), join(changes, "add-search-v2"));
      renameSync(join(changes, "archive/2024-01-01-old"), join(changes, "archive/2024-02-02-old"));
      renameSync(join(root, "openspec/specs/platform"), join(root, "openspec/specs/core"));
    },
  ],
  [
    "a proposal, a spec file and a whole change are deleted",
    (root) => {
      rmSync(join(root, "openspec/changes/add-search/proposal.md"));
      rmSync(join(root, "openspec/specs/platform/session/spec.md"));
      rmSync(join(root, "openspec/changes/add-dark-mode"), { recursive: true });
    },
  ],
];

describe("the artifact caches", () => {
  it.each(mutations)(
    "GIVEN a repository read with warm caches WHEN %s THEN the answers equal those read from scratch",
    async (_, mutate) => {
      const { root } = makeRepository(STARTING_FILES);
      await settle();
      const before = repositorySnapshot(root);

      mutate(root);
      const cached = repositorySnapshot(root);
      forgetCaches();
      const fresh = repositorySnapshot(root);

      expect(cached).toEqual(fresh);
      expect(cached).not.toEqual(before);
    },
  );

  it("GIVEN a settled repository read once WHEN it is read again THEN the caches serve the second reading", async () => {
    const { root } = makeRepository(STARTING_FILES);
    await settle();
    repositorySnapshot(root);
    const before = { ...cacheStats };

    repositorySnapshot(root);

    expect(cacheStats.hits - before.hits).toBeGreaterThan(10);
    expect(cacheStats.misses - before.misses).toBe(0);
  });
});
