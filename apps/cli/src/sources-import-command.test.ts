import { rmSync } from "node:fs";
import { join } from "node:path";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  setUpOpenSpecStore,
  temporaryFolder,
} from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "./test-support/run-command.js";
import { USAGE_ERROR } from "./usage-error.js";

afterAll(removeTemporaryFolders);

/**
 * A home with the real CLI and stores alpha, beta and gone (whose folder was deleted), made once:
 * `openspec store setup` starts the CLI for each store, and an import only reads the stores. Each
 * test gets a registry of its own (`OPENSPEC_AGENT_DB`), so what one imports the next does not see.
 */
let stores: {
  env: Record<string, string | undefined>;
  home: string;
  roots: Record<string, string>;
};

beforeAll(() => {
  const { env, home } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  const folder = temporaryFolder("stores-");
  const roots = Object.fromEntries(
    ["alpha", "beta", "gone"].map((id) => [id, setUpOpenSpecStore(env, id, join(folder, id))]),
  );
  rmSync(roots.gone as string, { recursive: true });
  stores = { env, home, roots };
});

/** The shared stores, with a registry of this test's own. */
function setUp() {
  const { home, roots } = stores;
  const env = {
    ...stores.env,
    OPENSPEC_AGENT_DB: join(temporaryFolder("registry-"), "registry.db"),
  };
  const run = (args: string[]) => runCommand(args, { env, cwd: home });
  return { env, home, roots, run };
}

describe("sources import --openspec-stores", () => {
  it("GIVEN stores, one of whose ids another source has WHEN imported, then again THEN the view lists the added stores and the skipped one with its reason, and the second run adds nothing", async () => {
    const { roots, run } = setUp();
    expect(
      (await run(["sources", "add", makeOpenSpecRepository({}, "manual"), "-n", "beta"])).status,
    ).toBe(0);

    const first = await run(["sources", "import", "--openspec-stores"]);
    const second = await run(["sources", "import", "--openspec-stores"]);

    expect(first.status).toBe(0);
    expect(first.stdout).toContain("added 2, skipped 1 of 3 OpenSpec stores");
    expect(first.stdout).toMatch(/STORE\s+SOURCE NAME\s+TOKEN\s+PATH/);
    expect(first.stdout).toMatch(new RegExp(`alpha\\s+alpha\\s+os_[0-9a-f]{6}\\s+${roots.alpha}`));
    expect(first.stdout).toMatch(/beta\s+beta-store\s+os_[0-9a-f]{6}/);
    expect(first.stdout).toMatch(/gone\s+path_missing\s+The store's folder .* cannot be found/);
    // The shell's user has the OpenSpec CLI as `openspec-agent openspec`.
    expect(first.stdout).toContain(
      "forget the store with: openspec-agent openspec store unregister gone.",
    );
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("added 0, skipped 3 of 3 OpenSpec stores");
    expect(second.stdout).toContain("(nothing added)");
    expect(second.stdout).toMatch(/alpha\s+already_registered/);
  });

  it("GIVEN --dry-run and --json WHEN imported THEN stdout is exactly the tool's result, with null tokens, and nothing is registered", async () => {
    const { roots, run } = setUp();

    const dry = await run(["sources", "import", "--openspec-stores", "--dry-run", "--json"]);
    const listed = await run(["sources", "list", "--json"]);

    expect(dry.status).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({
      ok: true,
      dry_run: true,
      listed: 3,
      added: [
        { store: "alpha", name: "alpha", path: roots.alpha, token: null },
        { store: "beta", name: "beta", path: roots.beta, token: null },
      ],
      skipped: [
        {
          store: "gone",
          path: roots.gone,
          reason: "path_missing",
          detail: expect.stringContaining("openspec-agent openspec store unregister gone"),
          source: null,
        },
      ],
    });
    expect(JSON.parse(listed.stdout)).toMatchObject({ total: 0 });
  });

  it("GIVEN store ids as words WHEN imported THEN only those stores are registered", async () => {
    const { run } = setUp();
    const result = await run(["sources", "import", "--openspec-stores", "beta", "--json"]);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, added: [{ store: "beta" }] });
    expect(JSON.parse((await run(["sources", "list", "--json"])).stdout)).toMatchObject({
      total: 1,
    });
  });

  it.each([
    ["neither --openspec-stores nor --hermes-db", [], "say where to import from"],
    [
      "both --openspec-stores and --hermes-db",
      ["--openspec-stores", "--hermes-db", "openspec.db"],
      "cannot be used together",
    ],
    [
      "--dry-run with --hermes-db",
      ["--hermes-db", "openspec.db", "--dry-run"],
      "go with --openspec-stores",
    ],
    [
      "store ids with --hermes-db",
      ["--hermes-db", "openspec.db", "alpha"],
      "go with --openspec-stores",
    ],
  ])(
    "GIVEN %s WHEN sources import runs THEN it is a usage error (exit 2) and nothing is registered",
    async (_, args, message) => {
      const { env, home } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
      const run = (words: string[]) => runCommand(words, { env, cwd: home });
      const result = await run(["sources", "import", ...args]);
      expect(result.status).toBe(USAGE_ERROR);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain("Give exactly one of --openspec-stores");
      expect(JSON.parse((await run(["sources", "list", "--json"])).stdout)).toMatchObject({
        total: 0,
      });
    },
  );

  it("GIVEN sources import --help WHEN printed THEN it names both places to import from", async () => {
    const { env, home } = isolatedEnvironment({});
    const help = await runCommand(["sources", "import", "--help"], { env, cwd: home });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("--openspec-stores");
    expect(help.stdout).toContain("--hermes-db <file>");
    expect(help.stdout).toContain("--dry-run");
    expect(help.stdout).toContain("openspec_source_import");
  });
});
