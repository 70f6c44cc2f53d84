import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  CHECKOUT_SPEC_INPUT,
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";
import { runCommand } from "./test-support/run-command.js";

afterEach(removeTemporaryFolders);

function setUp(options: { cli?: boolean } = {}) {
  const { env, home } = isolatedEnvironment(
    options.cli === false ? {} : { OPENSPEC_BIN: REAL_OPENSPEC_BIN },
  );
  const root = makeOpenSpecRepository({
    ...DARK_MODE_CHANGE,
    "openspec/specs/auth/spec.md": AUTH_SPEC,
  });
  // In this process, as most tests only read the answer; the bin for what needs its own process.
  const run = (args: string[], cwd = root) => runCommand(args, { env, cwd });
  const runSpawned = (args: string[], cwd = root, input = "") => runBin(args, { env, cwd, input });
  return { env, home, root, run, runSpawned };
}

describe("openspec-agent", () => {
  it("GIVEN a repository WHEN it is added, listed, renamed and removed from the shell THEN each step prints the source and exits 0", async () => {
    const { root, run } = setUp({ cli: false });
    const added = await run(["sources", "add", ".", "--name", "webshop"]);
    expect(added.status).toBe(0);
    expect(added.stdout).toContain(`webshop os_`);
    expect(added.stdout).toContain(root);
    const listed = await run(["sources", "list"]);
    expect(listed.stdout).toMatch(/NAME\s+TOKEN\s+OPENSPEC\s+PATH/);
    expect(listed.stdout).toContain("webshop");
    expect((await run(["sources", "update", "webshop", "--name", "store"])).stdout).toContain(
      "store",
    );
    expect((await run(["sources", "remove", "store"])).stdout).toContain("was not touched");
    expect((await run(["sources", "list", "--json"])).stdout).toContain('"total": 0');
  });

  it("GIVEN --json WHEN a tool command runs THEN stdout is exactly the catalog result", async () => {
    const { run } = setUp({ cli: false });
    await run(["sources", "add", "."]);
    const result = JSON.parse((await run(["context", "shop", "--json"])).stdout);
    expect(result).toMatchObject({
      ok: true,
      name: "shop",
      changes: [{ name: "add-dark-mode", token: "os_243ec3" }],
    });
    const call = JSON.parse(
      (await run(["call", "openspec_context", "--args", '{"identifier":"shop/os_243ec3"}'])).stdout,
    );
    expect(call).toMatchObject({ ok: true, change: { name: "add-dark-mode" } });
  });

  it("GIVEN a registered source WHEN context is shown for people THEN changes and specs are tables with tokens", async () => {
    const { run } = setUp({ cli: false });
    await run(["sources", "add", "."]);
    const shown = await run(["context", "shop"]);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toMatch(/os_243ec3\s+add-dark-mode\s+1\/2/);
    expect(shown.stdout).toMatch(/os_[0-9a-f]{6}\s+auth\/spec\.md/);
    expect(shown.stdout).not.toContain("\u001b[");
  });

  it("GIVEN no --source or --workdir WHEN run inside a repository's subfolder THEN the nearest folder with openspec/ is used", async () => {
    const { root, run } = setUp({ cli: false });
    writeFiles(root, { "src/deep/file.ts": "" });
    const listed = await run(["spec", "list", "--json"], join(root, "src", "deep"));
    expect(JSON.parse(listed.stdout)).toEqual({
      ok: true,
      change: null,
      specs: ["auth"],
      count: 1,
    });
  });

  it("GIVEN structured requirements WHEN spec create, show and list run THEN the spec is written, read back and listed", async () => {
    const { root, run, runSpawned } = setUp({ cli: false });
    const { name, title, purpose, requirements } = CHECKOUT_SPEC_INPUT;
    // The requirements come on stdin, which only the bin's own process has.
    const created = runSpawned(
      ["spec", "create", name, "--title", title, "--purpose", purpose, "--requirements", "-"],
      root,
      JSON.stringify(requirements),
    );
    expect(created.status).toBe(0);
    expect(created.stdout).toContain("wrote openspec/specs/checkout/spec.md");
    expect(existsSync(join(root, "openspec/specs/checkout/spec.md"))).toBe(true);
    expect((await run(["spec", "show", "checkout"])).stdout).toContain(
      "Requirement: Pay with a saved card",
    );
    expect((await run(["spec", "list"])).stdout.split("\n")).toEqual(["auth", "checkout", ""]);
    const again = await run([
      "spec",
      "create",
      name,
      "--title",
      title,
      "--purpose",
      purpose,
      "--requirements",
      JSON.stringify(requirements),
    ]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("spec_exists");
    expect(again.stderr).toMatch(/fix\s+Pass --force/);
  });

  it("WHEN a tool answers ok false THEN the exit code is 1 and the error and fix are printed", async () => {
    const { run } = setUp({ cli: false });
    const missing = await run(["spec", "show", "ghost"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Spec "ghost" not found');
    expect(missing.stderr).toContain("fix");
    expect((await run(["context", "nowhere"])).status).toBe(1);
  });

  it.each([
    [["bogus"]],
    [["spec", "create", "x"]],
    [["call", "openspec_context", "--args", "{not json"]],
    [["mcp", "config", "--client", "emacs"]],
  ])("WHEN the command line %j is wrong THEN the exit code is 2 with a message", async (args) => {
    const { run } = setUp({ cli: false });
    const result = await run(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/error/i);
  });

  it("WHEN --version and --help are asked of every command THEN each answers and exits 0", async () => {
    const { run } = setUp({ cli: false });
    expect((await run(["--version"])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    for (const command of [
      [],
      ["sources"],
      ["sources", "add"],
      ["context"],
      ["list"],
      ["show"],
      ["validate"],
      ["status"],
      ["instructions"],
      ["spec", "create"],
      ["tools"],
      ["call"],
      ["hermes", "install"],
      ["mcp", "config"],
    ]) {
      const help = await run([...command, "--help"]);
      expect(help.status, command.join(" ")).toBe(0);
      expect(help.stdout).toContain("Usage: openspec-agent");
    }
  });

  it("GIVEN the real CLI WHEN list, validate, status and instructions run THEN they print the CLI's answers and exit 0", async () => {
    const { run } = setUp();
    expect((await run(["list"])).stdout).toMatch(/add-dark-mode\s+1\/2\s+in-progress/);
    expect((await run(["list", "--specs"])).stdout).toMatch(/auth\s+1/);
    const validated = await run(["validate"]);
    expect(validated.status).toBe(0);
    expect(validated.stdout).toContain("2 items, 2 valid, 0 invalid");
    expect(JSON.parse((await run(["status", "--json"])).stdout)).toMatchObject({
      ok: true,
      change: "add-dark-mode",
    });
    expect(JSON.parse((await run(["instructions", "spec", "--json"])).stdout)).toMatchObject({
      ok: true,
      artifact: "specs",
    });
    expect(
      JSON.parse((await run(["show", "auth", "--type", "spec", "--json"])).stdout),
    ).toMatchObject({
      ok: true,
      stdout: { id: "auth" },
    });
  });

  it("GIVEN the OpenSpec CLI in ~/.npm-global of the home the environment names WHEN the main function runs in a process whose own home is another THEN it finds the CLI in that home", async () => {
    const { home, run } = setUp({ cli: false });
    mkdirSync(join(home, ".npm-global", "bin"), { recursive: true });
    symlinkSync(REAL_OPENSPEC_BIN, join(home, ".npm-global", "bin", "openspec"));
    expect(JSON.parse((await run(["tools", "--json"])).stdout).cli).toMatchObject({
      found: true,
      path: join(home, ".npm-global", "bin", "openspec"),
    });
  });

  it("GIVEN no OpenSpec binary WHEN tools are listed THEN the CLI tools say why they are unavailable", async () => {
    const { run } = setUp({ cli: false });
    const tools = await run(["tools"]);
    expect(tools.stdout).toContain("OpenSpec CLI: not found: No executable openspec CLI was found");
    expect(tools.stdout).toMatch(/openspec_list\s+no\s+yes/);
    // The view's JSON keys stay; `reason` now carries the discovery failure's `error`.
    expect(JSON.parse((await run(["tools", "--json"])).stdout).cli).toEqual({
      found: false,
      reason: expect.stringContaining("No executable openspec CLI was found"),
      fix: expect.stringContaining("npm install -g @fission-ai/openspec"),
    });
    expect(tools.stdout).toMatch(/openspec_context\s+yes\s+no\s+read/);
    expect(tools.stdout).toMatch(/openspec_change_archive\s+\S+\s+\S+\s+lifecycle/);
    expect(tools.stdout).toContain("  read (default): ");
    expect(tools.stdout).toContain("  sources: ");
    const listing = JSON.parse((await run(["tools", "--json"])).stdout);
    expect(listing.toolsets.map((toolset: { name: string }) => toolset.name)).toEqual([
      "read",
      "author",
      "lifecycle",
      "specs",
      "ideas",
      "sequencing",
      "sources",
      "cli",
    ]);
    expect(tools.stdout).toContain("  lifecycle (default): ");
    expect(
      listing.tools.find((tool: { name: string }) => tool.name === "openspec_source_add"),
    ).toMatchObject({ toolset: "sources" });
    const listed = await run(["list"]);
    expect(listed.status).toBe(1);
    expect(listed.stderr).toContain("openspec_not_found");
  });

  it("GIVEN a Hermes plugin database WHEN sources import runs twice THEN the first imports the sources and the order it kept for their changes, and the second skips", async () => {
    const { root, run } = setUp({ cli: false });
    const hermesDb = join(temporaryFolder("hermes-"), "openspec.db");
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(hermesDb);
    db.exec(
      "CREATE TABLE openspec_sources(token TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', path TEXT NOT NULL, created_at REAL NOT NULL)",
    );
    db.prepare("INSERT INTO openspec_sources VALUES (?, ?, ?, ?)").run(
      "os_abc123",
      "legacy",
      root,
      1700000000.5,
    );
    // The order it kept for the changes: add-login needs nothing, add-cart needs it first.
    db.exec(
      "CREATE TABLE change_sequence(source_id TEXT NOT NULL, change_name TEXT NOT NULL, group_id TEXT NOT NULL DEFAULT 'default', position INTEGER NOT NULL, depends_on TEXT NOT NULL DEFAULT '[]', first_seen_at REAL NOT NULL, updated_at REAL NOT NULL)",
    );
    db.exec(
      `INSERT INTO change_sequence VALUES ('os_abc123', 'add-login', 'shop', 1, '[]', 1, 1), ('os_abc123', 'add-cart', 'shop', 2, '["add-login"]', 1, 1)`,
    );
    db.close();
    writeFiles(root, {
      "openspec/changes/add-login/proposal.md": "# Add login\n\n## Why\n\nPeople sign in.\n",
      "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
    });
    const first = JSON.parse(
      (await run(["sources", "import", "--hermes-db", hermesDb, "--json"])).stdout,
    );
    expect(first).toMatchObject({
      ok: true,
      imported: [{ token: "os_abc123", name: "legacy", path: root }],
      skipped: [],
      sequences: [{ source: "legacy", group: "shop", changes: ["add-login", "add-cart"] }],
    });
    expect(
      JSON.parse((await run(["task", "list", "add-cart", "-s", "legacy", "--json"])).stdout),
    ).toMatchObject({
      sequence: {
        group: "shop",
        position: 2,
        depends_on: ["add-login"],
        blocked_by: ["add-login"],
      },
    });
    const second = JSON.parse(
      (await run(["sources", "import", "--hermes-db", hermesDb, "--json"])).stdout,
    );
    expect(second).toMatchObject({ ok: true, imported: [], skipped: [{ token: "os_abc123" }] });
    expect(JSON.parse((await run(["context", "legacy", "--json"])).stdout)).toMatchObject({
      ok: true,
      path: root,
    });
  });

  it("GIVEN a Hermes home with a config WHEN hermes install and uninstall run THEN the plugin is placed and enabled, then removed", async () => {
    const { runSpawned: run } = setUp({ cli: false });
    const hermesHome = temporaryFolder("hermes-home-");
    writeFiles(hermesHome, { "config.yaml": "# my settings\nmodel: x\n" });
    const installed = await run(["hermes", "install", "--hermes-home", hermesHome, "--json"]);
    expect(JSON.parse(installed.stdout)).toMatchObject({ ok: true });
    expect(existsSync(join(hermesHome, "plugins/openspec/plugin.yaml"))).toBe(true);
    expect(readFileSync(join(hermesHome, "config.yaml"), "utf8")).toMatch(
      /# my settings[\s\S]*openspec/,
    );
    expect((await run(["hermes", "uninstall", "--hermes-home", hermesHome])).status).toBe(0);
    expect(existsSync(join(hermesHome, "plugins/openspec"))).toBe(false);
    expect(readFileSync(join(hermesHome, "config.yaml"), "utf8")).toContain("# my settings");
  });

  it.each(["claude", "cursor", "hermes"])(
    "WHEN mcp config is asked for %s THEN it prints a snippet that starts the server",
    async (client) => {
      const { runSpawned: run } = setUp({ cli: false });
      const snippet = await run(["mcp", "config", "--client", client]);
      expect(snippet.status).toBe(0);
      expect(snippet.stdout).toContain("openspec-agent.js");
    },
  );
});
