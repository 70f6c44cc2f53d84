import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenSpecPool, type OpenSpecPool } from "../pool/create-openspec-pool.js";
import type { RunResult } from "../run-result.js";
import { initRepo, REAL_CLI, writeCompleteChange } from "../test-support/real-cli.js";
import { useRealCliRepo } from "../test-support/real-cli-fixture.js";
import { createSandbox, type Sandbox } from "../test-support/sandbox.js";
import { archiveArgs } from "./archive-args.js";
import { contextArgs } from "./context-args.js";
import { doctorArgs } from "./doctor-args.js";
import { instructionsArgs } from "./instructions-args.js";
import { listArgs } from "./list-args.js";
import { newChangeArgs } from "./new-change-args.js";
import { schemaWhichArgs } from "./schema-which-args.js";
import { schemasArgs } from "./schemas-args.js";
import { showArgs } from "./show-args.js";
import type { ArgsResult } from "./start-argv.js";
import { statusArgs } from "./status-args.js";
import { storeListArgs } from "./store-list-args.js";
import { templatesArgs } from "./templates-args.js";
import { validateArgs } from "./validate-args.js";

// Every builder's argv, run once against the pinned CLI (1.13.2), one after another on a warm
// worker: the CLI's own argument parsing and command, without a CLI start per builder (a run
// that fails or writes to stderr gets a fresh worker, as the pool does for every host).
describe("command builders accepted by the real CLI", () => {
  const cli = useRealCliRepo();
  let sandbox: Sandbox;
  let repo: string;
  let archiveRepo: string;
  let pool: OpenSpecPool | undefined;
  beforeAll(() => {
    ({ sandbox, repo } = cli);
    writeCompleteChange(repo, "add-greeting", "greeting");
    archiveRepo = initRepo(sandbox, "archive-repo");
    writeCompleteChange(archiveRepo, "add-farewell", "farewell");
    writeCompleteChange(archiveRepo, "add-docs", "docs");
    pool = createOpenSpecPool({ env: sandbox.env });
  });
  afterAll(() => pool?.close());

  const run = (built: ArgsResult, workdir = repo): Promise<RunResult> => {
    if (!built.ok) throw new Error(`builder refused: ${built.error}`);
    return cli.run(built.args, { workdir, pool });
  };

  it("GIVEN listArgs() WHEN run THEN lists the active change", async () => {
    const result = await run(listArgs());
    expect(result).toMatchObject({ ok: true, stdout: { changes: [{ name: "add-greeting" }] } });
  });

  it("GIVEN listArgs for specs sorted by name WHEN run THEN lists specs", async () => {
    const result = await run(listArgs({ kind: "specs", sort: "name" }));
    expect(result).toMatchObject({ ok: true, stdout: { specs: [] } });
  });

  it("GIVEN showArgs for a change's deltas WHEN run THEN shows the delta", async () => {
    const result = await run(showArgs({ item: "add-greeting", type: "change", deltasOnly: true }));
    expect(result).toMatchObject({ ok: true, stdout: { id: "add-greeting", deltaCount: 1 } });
  });

  it("GIVEN validateArgs for one change, strict WHEN run THEN it is valid", async () => {
    const result = await run(validateArgs({ item: "add-greeting", type: "change", strict: true }));
    expect(result).toMatchObject({
      ok: true,
      stdout: { items: [{ id: "add-greeting", valid: true }] },
    });
  });

  it("GIVEN validateArgs for scope all, strict WHEN run THEN every item passes", async () => {
    const result = await run(validateArgs({ scope: "all", strict: true }));
    expect(result).toMatchObject({ ok: true, stdout: { summary: { totals: { failed: 0 } } } });
  });

  it("GIVEN statusArgs for a change with a schema WHEN run THEN reports its artifacts", async () => {
    const result = await run(statusArgs({ change: "add-greeting", schema: "spec-driven" }));
    expect(result).toMatchObject({
      ok: true,
      stdout: { changeName: "add-greeting", schemaName: "spec-driven" },
    });
  });

  it("GIVEN statusArgs for all changes WHEN run THEN reports each change", async () => {
    const result = await run(statusArgs({ all: true }));
    expect(result).toMatchObject({
      ok: true,
      stdout: { changes: [{ changeName: "add-greeting" }] },
    });
  });

  it("GIVEN instructionsArgs for an artifact of a change with a schema WHEN run THEN returns its instructions", async () => {
    const result = await run(
      instructionsArgs({ artifact: "proposal", change: "add-greeting", schema: "spec-driven" }),
    );
    expect(result).toMatchObject({
      ok: true,
      stdout: { artifactId: "proposal", changeName: "add-greeting" },
    });
  });

  it("GIVEN instructionsArgs for apply WHEN run THEN reports the finished tasks", async () => {
    const result = await run(instructionsArgs({ artifact: "apply", change: "add-greeting" }));
    expect(result).toMatchObject({ ok: true, stdout: { state: "all_done" } });
  });

  it("GIVEN newChangeArgs with dash-leading free text WHEN run in a folder without a root THEN the change is created and the text kept literally", async () => {
    const bare = sandbox.makeDir("bare-for-new-change");
    const result = await run(
      newChangeArgs({
        name: "add-banner",
        description: "- shows a banner",
        goal: "--json",
        schema: "spec-driven",
      }),
      bare,
    );
    expect(result).toMatchObject({
      ok: true,
      stdout: { change: { id: "add-banner", schema: "spec-driven" }, root: { source: "implicit" } },
    });
    const readme = readFileSync(
      join(bare, "openspec", "changes", "add-banner", "README.md"),
      "utf8",
    );
    expect(readme).toContain("- shows a banner");
  });

  it("GIVEN archiveArgs with and without skipSpecs WHEN run THEN the changes are archived and the new spec answers every show filter", async () => {
    const archived = await run(archiveArgs({ change: "add-farewell", yes: true }), archiveRepo);
    const skipped = await run(
      archiveArgs({ change: "add-docs", yes: true, skipSpecs: true }),
      archiveRepo,
    );
    const requirements = await run(
      showArgs({ item: "farewell", type: "spec", requirements: true }),
      archiveRepo,
    );
    const oneRequirement = await run(
      showArgs({ item: "farewell", type: "spec", scenarios: false, requirement: 1 }),
      archiveRepo,
    );

    expect(archived).toMatchObject({
      ok: true,
      stdout: { archive: { change: "add-farewell", specsUpdated: true } },
    });
    expect(skipped).toMatchObject({
      ok: true,
      stdout: { archive: { change: "add-docs", specsUpdated: false } },
    });
    expect(requirements).toMatchObject({
      ok: true,
      stdout: { id: "farewell", requirementCount: 1 },
    });
    expect(oneRequirement).toMatchObject({
      ok: true,
      stdout: { id: "farewell", requirements: [{}] },
    });
  });

  it("GIVEN doctorArgs() WHEN run THEN the root is healthy", async () => {
    const result = await run(doctorArgs());
    expect(result).toMatchObject({
      ok: true,
      stdout: { root: { path: repo, healthy: true } },
      diagnostics: [],
    });
  });

  it("GIVEN contextArgs() WHEN run THEN returns the root's context", async () => {
    const result = await run(contextArgs());
    expect(result).toMatchObject({
      ok: true,
      stdout: { root: { path: repo, role: "openspec_root" } },
    });
  });

  it("GIVEN templatesArgs for a schema WHEN run THEN maps artifacts to template paths", async () => {
    const result = await run(templatesArgs({ schema: "spec-driven" }));
    expect(result).toMatchObject({ ok: true, stdout: { proposal: { source: "package" } } });
  });

  it("GIVEN schemasArgs() WHEN run THEN lists the built-in schema", async () => {
    const result = await run(schemasArgs());
    expect(result).toMatchObject({ ok: true, stdout: [{ name: "spec-driven" }] });
  });

  it("GIVEN schemaWhichArgs by name and for all WHEN run THEN both resolve, with the experimental note on stderr", async () => {
    const byName = await run(schemaWhichArgs({ name: "spec-driven" }));
    const all = await run(schemaWhichArgs({ all: true }));
    expect(byName).toMatchObject({ ok: true, stdout: { name: "spec-driven", source: "package" } });
    expect(byName.stderr).toContain("experimental");
    expect(all).toMatchObject({ ok: true, stdout: [{ name: "spec-driven" }] });
  });

  it.each([
    ["listArgs", listArgs({ store: "nope" })],
    ["showArgs", showArgs({ item: "add-greeting", store: "nope" })],
    ["validateArgs", validateArgs({ item: "add-greeting", store: "nope" })],
    ["statusArgs", statusArgs({ change: "add-greeting", store: "nope" })],
    [
      "instructionsArgs",
      instructionsArgs({ artifact: "proposal", change: "add-greeting", store: "nope" }),
    ],
    ["newChangeArgs", newChangeArgs({ name: "add-elsewhere", store: "nope" })],
    ["archiveArgs", archiveArgs({ change: "add-greeting", yes: true, store: "nope" })],
    ["doctorArgs", doctorArgs({ store: "nope" })],
    ["contextArgs", contextArgs({ store: "nope" })],
    ["schemasArgs", schemasArgs({ store: "nope" })],
  ])(
    "GIVEN %s with an unregistered store WHEN run THEN the CLI parses --store and answers with the no_registered_stores diagnostic",
    async (_, built) => {
      const result = await run(built);
      expect(result).toMatchObject({
        ok: false,
        exit_code: 1,
        stderr: "",
        diagnostics: [{ code: "no_registered_stores", target: "store.id" }],
      });
    },
  );

  it("GIVEN a registered store WHEN listArgs selects it from a folder without a root THEN the store is the root", async () => {
    // A home of its own: the other tests here expect no store at all.
    const own = createSandbox();
    try {
      const storePath = join(own.root, "team-store");
      execFileSync(
        process.execPath,
        [REAL_CLI, "store", "setup", "team", "--path", storePath, "--no-init-git", "--json"],
        { env: own.env, stdio: "ignore" },
      );
      const built = listArgs({ store: "team" });
      if (!built.ok) throw new Error(built.error);
      const result = await cli.run(built.args, {
        workdir: own.makeDir("bare-for-store"),
        env: own.env,
      });
      expect(result).toMatchObject({
        ok: true,
        stdout: { root: { path: storePath, source: "store", store_id: "team" } },
      });
    } finally {
      own.dispose();
    }
  });

  it("GIVEN storeListArgs() in a home without stores, then with one WHEN run THEN lists none, then that store's id and root", async () => {
    const own = createSandbox();
    try {
      const built = storeListArgs();
      if (!built.ok) throw new Error(built.error);
      const before = await cli.run(built.args, { workdir: own.home, env: own.env });
      const storePath = join(own.root, "handbook");
      execFileSync(
        process.execPath,
        [REAL_CLI, "store", "setup", "handbook", "--path", storePath, "--no-init-git", "--json"],
        { env: own.env, stdio: "ignore" },
      );
      const after = await cli.run(built.args, { workdir: own.home, env: own.env });
      expect(before).toMatchObject({ ok: true, stdout: { stores: [], status: [] } });
      expect(after).toMatchObject({
        ok: true,
        stdout: { stores: [{ id: "handbook", root: realpathSync(storePath) }], status: [] },
      });
    } finally {
      own.dispose();
    }
  });
});
