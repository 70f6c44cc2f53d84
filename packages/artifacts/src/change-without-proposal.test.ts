import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders, runRealOpenSpec } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { changeToken } from "./artifact-token.js";
import { resolveContext, type SourceResolver } from "./resolve-context.js";

afterEach(removeTemporaryFolders);

const source =
  (root: string): SourceResolver =>
  (name) => ({ ok: true, name, path: root });

const DELTA =
  "## ADDED Requirements\n\n### Requirement: Sign in\nThe system SHALL let people sign in.\n\n#### Scenario: Signed in\n- **WHEN** a person signs in\n- **THEN** they are in\n";

/** Change folders of the shapes found in public repositories: only tasks, only specs, nothing at all. */
async function repositoryOfEveryShape(): Promise<string> {
  const root = makeOpenSpecRepository({
    "README.md": "# Shop\n",
    "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
    "openspec/changes/add-cart/tasks.md": "- [x] 1.1 Store it\n- [ ] 1.2 Show it\n",
    "openspec/changes/only-tasks/tasks.md":
      "## 1. Work\n- [ ] 1.1 Do\n- [x] 1.2 Done\n- [x] 1.3 Also done\n",
    "openspec/changes/only-specs/specs/auth/spec.md": DELTA,
    "openspec/changes/.drafts/tasks.md": "- [ ] 1.1 Hidden\n",
    "openspec/changes/archive/2024-01-01-old-tasks/tasks.md": "- [x] 1.1 Done\n",
    "openspec/changes/archive/2024-01-02-add-login/proposal.md": "# Add login\n",
  });
  mkdirSync(join(root, "openspec/changes/empty"));
  mkdirSync(join(root, "openspec/changes/archive/2024-01-03-empty"));
  // A link to a file is no folder: neither the CLI nor we take it for a change.
  symlinkSync("../../README.md", join(root, "openspec/changes/link-to-file"));
  expect((await runRealOpenSpec(root, ["new", "change", "add-export"])).status).toBe(0);
  return root;
}

type CliListed = { name: string; completedTasks: number; totalTasks: number };

describe("a change without proposal.md is a change, as the OpenSpec CLI counts them", () => {
  it("GIVEN folders holding only tasks.md, only specs/, or nothing WHEN the source is listed THEN every change openspec list and openspec status know is there, with the CLI's task counts", async () => {
    const root = await repositoryOfEveryShape();
    const bare = resolveContext("shop", source(root));
    if (!bare.ok || !("changes" in bare)) throw new Error(JSON.stringify(bare));

    const listed = await runRealOpenSpec(root, ["list", "--json"]);
    expect(listed.status, listed.stderr).toBe(0);
    const cli = (JSON.parse(listed.stdout) as { changes: CliListed[] }).changes;
    // `openspec list` shows dot folders too, but `openspec status` refuses their names
    // ("Change name cannot start with a dot") and `validate --all` skips them.
    const cliNames = cli.map((c) => c.name).filter((name) => !name.startsWith("."));
    expect(bare.changes.map((c) => c.name)).toEqual([...cliNames].sort());
    expect(bare.changes.map((c) => c.name)).toEqual([
      "add-cart",
      "add-export",
      "empty",
      "only-specs",
      "only-tasks",
    ]);
    const hidden = await runRealOpenSpec(root, ["status", "--change", ".drafts", "--json"]);
    expect(hidden.stdout).toContain("Change name cannot start with a dot");

    for (const change of bare.changes) {
      const status = await runRealOpenSpec(root, ["status", "--change", change.name, "--json"]);
      expect(JSON.parse(status.stdout), change.name).toMatchObject({ changeName: change.name });
      const counted = cli.find((c) => c.name === change.name);
      expect(change.tasks ?? { completed: 0, total: 0 }, change.name).toEqual({
        completed: counted?.completedTasks,
        total: counted?.totalTasks,
      });
      // One derivation for every change: the hash of its folder name.
      expect(change.token).toBe(changeToken(change.name));
    }
    expect(bare.changes.filter((c) => c.scaffolded).map((c) => c.name)).toEqual([
      "add-export",
      "empty",
      "only-specs",
      "only-tasks",
    ]);
    expect(bare.archived_changes).toEqual([
      {
        name: "2024-01-01-old-tasks",
        token: changeToken("2024-01-01-old-tasks"),
        scaffolded: true,
      },
      { name: "2024-01-02-add-login", token: changeToken("2024-01-02-add-login") },
      { name: "2024-01-03-empty", token: changeToken("2024-01-03-empty"), scaffolded: true },
    ]);
    expect(bare.totals).toEqual({ changes: 5, archived_changes: 3, specs: 0, ideas: 0 });
  });

  it("GIVEN a change with only tasks.md WHEN it is resolved by name and by token THEN it answers with proposal, design null and its tasks", async () => {
    const root = await repositoryOfEveryShape();
    for (const reference of ["only-tasks", changeToken("only-tasks")]) {
      expect(resolveContext(`shop/${reference}`, source(root))).toMatchObject({
        ok: true,
        change: {
          name: "only-tasks",
          token: changeToken("only-tasks"),
          archived: false,
          scaffolded: true,
          path: "openspec/changes/only-tasks",
          proposal: null,
          design: null,
          tasks: expect.stringContaining("1.1 Do"),
          task_progress: { completed: 2, total: 3 },
          specs: [],
        },
      });
    }
  });

  it("GIVEN a change with only a delta spec, and archived changes without a proposal WHEN resolved THEN their files are there and the rest is null", async () => {
    const root = await repositoryOfEveryShape();
    expect(resolveContext(`shop/${changeToken("only-specs")}`, source(root))).toMatchObject({
      ok: true,
      change: {
        name: "only-specs",
        proposal: null,
        tasks: null,
        task_progress: null,
        specs: [{ path: "specs/auth/spec.md", content: DELTA }],
      },
    });
    expect(resolveContext("shop/empty", source(root))).toMatchObject({
      ok: true,
      change: { name: "empty", proposal: null, tasks: null, design: null, specs: [] },
    });
    for (const reference of ["archive/2024-01-03-empty", changeToken("2024-01-01-old-tasks")]) {
      expect(resolveContext(`shop/${reference}`, source(root))).toMatchObject({
        ok: true,
        change: { archived: true, scaffolded: true, proposal: null },
      });
    }
  });

  it("GIVEN a dot folder or a link to a file under changes/ WHEN named THEN neither is a change", async () => {
    const root = await repositoryOfEveryShape();
    for (const name of [".drafts", "link-to-file"]) {
      expect(resolveContext(`shop/${name}`, source(root))).toMatchObject({ ok: false });
    }
  });
});
