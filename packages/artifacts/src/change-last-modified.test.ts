import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  makeOpenSpecRepository,
  removeTemporaryFolders,
  runRealOpenSpec,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { addLastModified } from "./add-last-modified.js";
import { describeRepository } from "./describe-repository.js";
import { openRepository } from "./open-repository.js";

afterEach(() => removeTemporaryFolders());

const at = (iso: string) => new Date(iso);

function overviewOf(root: string) {
  const opened = openRepository(root, { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  return describeRepository(opened.repository);
}

const datedOverviewOf = (root: string) => addLastModified(root, overviewOf(root));

/** Each listed active change's name and last_modified. */
async function datesOf(root: string): Promise<Record<string, string | null | undefined>> {
  const overview = await datedOverviewOf(root);
  return Object.fromEntries(overview.changes.map((entry) => [entry.name, entry.last_modified]));
}

/** Writes `text` to `file` as an edit made at `iso`. */
function editAt(file: string, text: string, iso: string): void {
  writeFileSync(file, text);
  utimesSync(file, at("2026-01-01"), at(iso));
}

/** Runs git with a fixed author and commit time, as a repository cloned long after its commits. */
function git(root: string, when: string, ...args: string[]): void {
  execFileSync(
    "git",
    ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-C", root, ...args],
    {
      stdio: "ignore",
      env: { ...process.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when },
    },
  );
}

/** A new git repository in `root` with one commit of everything in it, made at `when`. */
function commitEverything(root: string, when: string): void {
  git(root, when, "init", "--quiet", "--initial-branch=main");
  git(root, when, "add", "-A");
  git(root, when, "commit", "--quiet", "-m", "Start");
}

describe("a change's last modification in the repository overview", () => {
  it("GIVEN a bare overview THEN no change carries last_modified: reading it is asked for", () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
      "openspec/changes/archive/2026-01-05-add-login/proposal.md": "# Add login\n",
    });
    const overview = overviewOf(root);
    expect(overview.changes[0]).not.toHaveProperty("last_modified");
    expect(overview.archived_changes[0]).not.toHaveProperty("last_modified");
  });

  it("GIVEN changes whose newest file is a proposal, a nested delta spec or tasks.md, outside git THEN last_modified is the time openspec list reports for each", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
      "openspec/changes/add-cart/tasks.md": "- [ ] 1.1 Store it\n",
      "openspec/changes/add-login/proposal.md": "# Add login\n\n## Why\n\nPeople sign in.\n",
      "openspec/changes/add-login/specs/auth/spec.md":
        "## ADDED Requirements\n\n### Requirement: Sign in\nThe system SHALL let people sign in.\n\n#### Scenario: Signed in\n- **WHEN** a person signs in\n- **THEN** they are in\n",
    });
    const change = (name: string, file: string) => join(root, "openspec/changes", name, file);
    utimesSync(change("add-cart", "proposal.md"), at("2026-01-01"), at("2026-01-01T10:00:00.000Z"));
    utimesSync(change("add-cart", "tasks.md"), at("2026-01-01"), at("2026-02-03T04:05:06.789Z"));
    utimesSync(
      change("add-login", "proposal.md"),
      at("2026-01-01"),
      at("2026-03-01T00:00:00.000Z"),
    );
    utimesSync(
      change("add-login", "specs/auth/spec.md"),
      at("2026-01-01"),
      at("2026-04-05T06:07:08.000Z"),
    );

    const ours = Object.fromEntries(
      (await datedOverviewOf(root)).changes.map((entry) => [entry.name, entry.last_modified]),
    );
    expect(ours).toEqual({
      "add-cart": "2026-02-03T04:05:06.789Z",
      "add-login": "2026-04-05T06:07:08.000Z",
    });
    const listed = await runRealOpenSpec(root, ["list", "--json"]);
    expect(listed.status).toBe(0);
    const cli = JSON.parse(listed.stdout) as { changes: { name: string; lastModified: string }[] };
    expect(
      Object.fromEntries(cli.changes.map((entry) => [entry.name, entry.lastModified])),
    ).toEqual(ours);
  });

  it("GIVEN a file in the change that is a symlink to a newer file outside the repository THEN the link's own time counts, and the outside file is not looked at", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
    });
    const outside = join(temporaryFolder("outside-"), "notes.md");
    writeFileSync(outside, "outside\n");
    utimesSync(outside, at("2026-01-01"), at("2030-01-01T00:00:00.000Z"));
    const link = join(root, "openspec/changes/add-cart/notes.md");
    symlinkSync(outside, link);
    utimesSync(
      join(root, "openspec/changes/add-cart/proposal.md"),
      at("2026-01-01"),
      at("2026-01-01T00:00:00.000Z"),
    );
    const [entry] = (await datedOverviewOf(root)).changes;
    expect(entry?.last_modified).not.toBe("2030-01-01T00:00:00.000Z");
    expect(entry?.last_modified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("GIVEN a repository freshly cloned, so every file has the clone's time THEN each change is dated by the last commit touching its folder, and an archived one by its folder's date", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-cart/proposal.md": "# Add cart\n",
      "openspec/changes/add-login/proposal.md": "# Add login\n",
      "openspec/changes/archive/2025-11-30-add-search/proposal.md": "# Add search\n",
      "openspec/changes/archive/old-style/proposal.md": "# Old style\n",
    });
    commitEverything(root, "2025-06-01T10:00:00Z");
    writeFileSync(join(root, "openspec/changes/add-login/tasks.md"), "- [ ] 1.1 Form\n");
    git(root, "2025-07-02T03:04:05Z", "add", "-A");
    git(root, "2025-07-02T03:04:05Z", "commit", "--quiet", "-m", "Plan login");

    const overview = await datedOverviewOf(root);
    const dates = Object.fromEntries(
      [...overview.changes, ...overview.archived_changes].map((entry) => [
        entry.name,
        entry.last_modified,
      ]),
    );
    expect(dates).toEqual({
      "add-cart": "2025-06-01T10:00:00.000Z",
      "add-login": "2025-07-02T03:04:05.000Z",
      "2025-11-30-add-search": "2025-11-30",
      "old-style": "2025-06-01T10:00:00.000Z",
    });
  });

  it("GIVEN a committed change with an uncommitted edit, and a change not yet committed THEN the edit's file time wins over the older commit, and the new change has its files' time", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-cart/proposal.md": "# Add cart\n",
      "openspec/changes/add-login/proposal.md": "# Add login\n",
    });
    commitEverything(root, "2025-06-01T10:00:00Z");
    const change = (name: string) => join(root, "openspec/changes", name);
    editAt(join(change("add-cart"), "proposal.md"), "# Add cart\n\nWhy.\n", "2026-02-02T02:02:02Z");
    mkdirSync(change("add-search"));
    editAt(join(change("add-search"), "proposal.md"), "# Add search\n", "2026-03-03T03:03:03Z");

    expect(await datesOf(root)).toEqual({
      "add-cart": "2026-02-02T02:02:02.000Z",
      "add-login": "2025-06-01T10:00:00.000Z",
      "add-search": "2026-03-03T03:03:03.000Z",
    });
  });
});

describe("a change's last modification where the repository is a folder inside a git work tree", () => {
  it("GIVEN the OpenSpec repository in a subfolder of the work tree, one change committed and one edited since THEN each is dated by its commit or its edit", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-cart/proposal.md": "# Add cart\n",
      "openspec/changes/add-login/proposal.md": "# Add login\n",
    });
    const top = join(root, "..");
    commitEverything(top, "2025-06-01T10:00:00Z");
    const edited = join(root, "openspec/changes/add-login/proposal.md");
    editAt(edited, "# Add login\n\nWith a why.\n", "2026-02-02T02:02:02Z");

    expect(await datesOf(root)).toEqual({
      "add-cart": "2025-06-01T10:00:00.000Z",
      "add-login": "2026-02-02T02:02:02.000Z",
    });
  });
});
