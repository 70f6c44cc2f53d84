import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createOpenSpecPool } from "@org/openspec-cli-runner";
import {
  AUTH_SPEC,
  CHECKOUT_SPEC_INPUT,
  DARK_MODE_CHANGE,
  fakeOpenSpecBinary,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { createCatalog } from "./create-catalog.js";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";
import { useSharedCatalog } from "./test-support/shared-catalog.js";
import { cliToolNames, toolCatalog } from "./tool-catalog.js";

afterEach(cleanUp);

const FILESYSTEM_TOOLS = [
  "openspec_context",
  "openspec_spec_create",
  "openspec_spec_show",
  "openspec_spec_list",
  "openspec_change_create",
  "openspec_source_add",
  "openspec_source_list",
  "openspec_source_update",
  "openspec_source_remove",
];

describe("Requirement: Registered-source context resolution", () => {
  it("GIVEN a source registered with a vanity name WHEN openspec_context is called with it THEN returns path, workdir hint, changes and specs with tokens", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository({
      ...DARK_MODE_CHANGE,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
    });
    await catalog.call("openspec_source_add", { path: root, name: "webshop" });
    const result = await catalog.call("openspec_context", { identifier: "webshop" });
    expect(result).toMatchObject({
      ok: true,
      name: "webshop",
      path: root,
      workdir: root,
      changes: [{ name: "add-dark-mode", token: "os_243ec3" }],
      specs: [{ path: "auth/spec.md", token: expect.stringMatching(/^os_[0-9a-f]{6}$/) }],
    });
    expect(typeof result.hint).toBe("string");
  });

  it("GIVEN a source without a vanity name WHEN openspec_context is called with its path basename THEN it resolves", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository({}, "Payments");
    await catalog.call("openspec_source_add", { path: root });
    expect(await catalog.call("openspec_context", { identifier: "payments" })).toMatchObject({
      ok: true,
      path: root,
    });
  });

  it("GIVEN an active change with proposal.md WHEN openspec_context is called with <source>/<token> THEN returns name, archive status, proposal, tasks, design and delta specs", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    await catalog.call("openspec_source_add", { path: root });
    expect(await catalog.call("openspec_context", { identifier: "shop/os_243ec3" })).toMatchObject({
      ok: true,
      change: {
        name: "add-dark-mode",
        archived: false,
        proposal: DARK_MODE_CHANGE["openspec/changes/add-dark-mode/proposal.md"],
        tasks: DARK_MODE_CHANGE["openspec/changes/add-dark-mode/tasks.md"],
        design: DARK_MODE_CHANGE["openspec/changes/add-dark-mode/design.md"],
        specs: [
          {
            path: "specs/ui/spec.md",
            content: DARK_MODE_CHANGE["openspec/changes/add-dark-mode/specs/ui/spec.md"],
          },
        ],
      },
    });
  });

  it("GIVEN an archived change with proposal.md WHEN openspec_context is called with its token THEN archived is true", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository({
      "openspec/changes/archive/add-dark-mode/proposal.md": "# Old\n",
    });
    await catalog.call("openspec_source_add", { path: root });
    expect(await catalog.call("openspec_context", { identifier: "shop/os_243ec3" })).toMatchObject({
      ok: true,
      change: {
        name: "add-dark-mode",
        archived: true,
        proposal: "# Old\n",
        tasks: null,
        design: null,
      },
    });
  });

  it("GIVEN a spec under openspec/specs WHEN openspec_context is called with <source>/<token> THEN returns the spec path and full content", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository({ "openspec/specs/agent-tools/spec.md": AUTH_SPEC });
    await catalog.call("openspec_source_add", { path: root });
    expect(await catalog.call("openspec_context", { identifier: "shop/os_a59eca" })).toMatchObject({
      ok: true,
      spec: { path: "agent-tools/spec.md", token: "os_a59eca", content: AUTH_SPEC },
    });
  });

  it("WHEN openspec_context is called with an unknown source THEN ok is false and the error names it", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const result = await catalog.call("openspec_context", { identifier: "nowhere" });
    expect(result).toMatchObject({ ok: false, code: "source_not_found" });
    expect(result.ok === false && result.error).toContain("nowhere");
  });

  it("WHEN openspec_context is called with an unknown artifact token THEN ok is false and the error names it", async () => {
    const { catalog } = makeCatalog({ cli: false });
    await catalog.call("openspec_source_add", { path: makeOpenSpecRepository() });
    const result = await catalog.call("openspec_context", { identifier: "shop/os_abcdef" });
    expect(result).toMatchObject({ ok: false, code: "artifact_not_found" });
    expect(result.ok === false && result.error).toContain("os_abcdef");
  });
});

describe("Requirement: CLI-backed tool gating", () => {
  const availableNames = async (catalog: ReturnType<typeof makeCatalog>["catalog"]) =>
    (await catalog.available()).map((tool) => tool.name);

  it("GIVEN OPENSPEC_BIN points to an executable WHEN tools are listed THEN list, show, validate, status and instructions are available", async () => {
    const { catalog } = makeCatalog();
    expect(await availableNames(catalog)).toEqual(expect.arrayContaining([...cliToolNames]));
    expect(cliToolNames).toEqual([
      "openspec_list",
      "openspec_show",
      "openspec_validate",
      "openspec_status",
      "openspec_instructions",
      "openspec_change_promote",
      "openspec_change_archive",
      "openspec_source_import",
      "openspec_store_list",
      "openspec_doctor",
      "openspec_schemas",
      "openspec_cli",
    ]);
  });

  it("GIVEN openspec on PATH WHEN tools are listed THEN the CLI tools are available", async () => {
    const bin = temporaryFolder("path-");
    symlinkSync(REAL_OPENSPEC_BIN, join(bin, "openspec"));
    const { catalog } = makeCatalog({ cli: false, env: { PATH: `${bin}:/usr/bin:/bin` } });
    expect(await availableNames(catalog)).toEqual(expect.arrayContaining([...cliToolNames]));
  });

  it("GIVEN ~/.npm-global/bin/openspec WHEN tools are listed THEN the CLI tools are available", async () => {
    const { catalog, home } = makeCatalog({ cli: false });
    mkdirSync(join(home, ".npm-global", "bin"), { recursive: true });
    symlinkSync(REAL_OPENSPEC_BIN, join(home, ".npm-global", "bin", "openspec"));
    expect(await availableNames(catalog)).toEqual(expect.arrayContaining([...cliToolNames]));
  });

  it("GIVEN no OpenSpec binary WHEN tools are listed THEN only the registry and filesystem tools remain, openspec_context among them", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const available = (await availableNames(catalog)).sort();
    // Every tool that needs no CLI, which includes at least the seed's eight.
    expect(available).toEqual(
      toolCatalog
        .filter((tool) => !tool.requiresCli)
        .map((tool) => tool.name)
        .sort(),
    );
    expect(available).toEqual(expect.arrayContaining([...FILESYSTEM_TOOLS]));
    const availability = await catalog.availability();
    expect(availability.find((entry) => entry.tool.name === "openspec_list")?.reason).toMatch(
      /openspec/i,
    );
  });

  it("GIVEN no OpenSpec binary WHEN a CLI-backed tool is called anyway THEN ok is false with how to install it", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const result = await catalog.call("openspec_list", { workdir: makeOpenSpecRepository() });
    expect(result).toMatchObject({ ok: false, code: "openspec_not_found" });
    expect(result.ok === false && result.fix).toMatch(
      /npm install -g @fission-ai\/openspec|OPENSPEC_BIN/,
    );
  });
});

describe("Requirement: CLI command execution contract", () => {
  it("WHEN a CLI-backed tool runs a command successfully THEN returns ok, command, workdir, exit code, parsed stdout, stderr and truncation", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const result = await catalog.call("openspec_list", { workdir: root });
    expect(result).toMatchObject({
      ok: true,
      command: expect.arrayContaining(["list", "--changes", "--json"]),
      workdir: root,
      exit_code: 0,
      stdout: {
        changes: [
          expect.objectContaining({ name: "add-dark-mode", completedTasks: 1, totalTasks: 2 }),
        ],
      },
      stderr: expect.any(String),
      truncated: false,
    });
  });

  it("WHEN the CLI exits non-zero THEN ok is false with the same command, workdir, stdout, stderr, exit code and truncation", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_show", { workdir: root, target: "missing-thing" });
    expect(result).toMatchObject({
      ok: false,
      command: expect.arrayContaining(["show", "missing-thing", "--json"]),
      workdir: root,
      exit_code: 1,
      stderr: expect.any(String),
      truncated: false,
    });
    expect(result).toHaveProperty("stdout");
    expect(result.ok === false && result.error.length).toBeGreaterThan(0);
  });

  it.each([
    ["missing", (dir: string) => join(dir, "does-not-exist")],
    ["a file", (dir: string) => join(dir, "file.txt")],
  ])(
    "WHEN a CLI-backed tool gets a workdir that is %s THEN ok is false and the CLI is not executed",
    async (_label, pick) => {
      const dir = temporaryFolder();
      const marker = join(dir, "started");
      const bin = fakeOpenSpecBinary(`touch "${marker}"\necho '{}'`);
      const { catalog } = makeCatalog({ cli: false, env: { OPENSPEC_BIN: bin } });
      writeFileSync(join(dir, "file.txt"), "x");
      const requiredArgs: Record<string, Record<string, unknown>> = {
        openspec_show: { target: "x" },
        openspec_instructions: { artifact: "proposal" },
        openspec_change_archive: { change: "x" },
        openspec_cli: { args: ["list"] },
        openspec_change_promote: { change: "x" },
      };
      // openspec_source_import and openspec_store_list take no repository: `openspec store list` runs in the home folder.
      const repositoryScoped = toolCatalog
        .filter((tool) => tool.requiresCli && "workdir" in tool.inputSchema.shape)
        .map((tool) => tool.name);
      expect(repositoryScoped).toEqual(
        cliToolNames.filter(
          (name) => name !== "openspec_source_import" && name !== "openspec_store_list",
        ),
      );
      for (const tool of repositoryScoped) {
        expect(
          await catalog.call(tool, { workdir: pick(dir), ...requiredArgs[tool] }),
        ).toMatchObject({
          ok: false,
          code: "invalid_workdir",
        });
      }
      expect(existsSync(marker)).toBe(false);
    },
  );

  it("WHEN the CLI runs longer than the configured timeout THEN ok is false with the command, workdir and a timeout error", async () => {
    const bin = fakeOpenSpecBinary("sleep 30");
    const { catalog } = makeCatalog({
      cli: false,
      env: { OPENSPEC_BIN: bin },
      catalog: { cliTimeoutMs: 300 },
    });
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_list", { workdir: root });
    expect(result).toMatchObject({
      ok: false,
      code: "timeout",
      workdir: root,
      command: expect.arrayContaining(["list"]),
    });
    expect(result.ok === false && result.error).toMatch(/did not finish within/);
  });

  it("GIVEN a catalog with a warm pool WHEN a CLI-backed tool runs THEN a warm worker answers exactly as a cold spawn does", async () => {
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const { env, home } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    // Workers start with the pool's environment, so it is the catalog's own.
    const pool = createOpenSpecPool({ size: 1, env });
    const warm = createCatalog({ env, home, pool });
    const cold = createCatalog({ env, home });
    try {
      // Confined, a worker serves one repository's view: the catalog's for a read of `root`.
      expect(await pool.warm(REAL_OPENSPEC_BIN, { root, writable: false })).toBe(true);
      const pooled = await warm.call("openspec_list", { workdir: root, engine: "cli" });
      expect(pool.stats().warm).toBe(1);
      const spawned = await cold.call("openspec_list", { workdir: root, engine: "cli" });
      expect(pooled).toMatchObject({ ok: true, exit_code: 0 });
      expect(pooled.stdout).toEqual(spawned.stdout);
      expect(pooled.command).toEqual(spawned.command);
    } finally {
      warm.close();
      cold.close();
      pool.close();
    }
  });

  it("GIVEN OPENSPEC_AGENT_CLI_TIMEOUT_MS WHEN the CLI runs longer THEN that timeout applies", async () => {
    const bin = fakeOpenSpecBinary("sleep 30");
    const { catalog } = makeCatalog({
      cli: false,
      env: { OPENSPEC_BIN: bin, OPENSPEC_AGENT_CLI_TIMEOUT_MS: "300" },
    });
    const result = await catalog.call("openspec_list", { workdir: makeOpenSpecRepository() });
    expect(result).toMatchObject({ ok: false, code: "timeout" });
    expect(result.ok === false && result.error).toContain("300 ms");
  });
});

describe("Requirement: Artifact listing and inspection", () => {
  // The tests that only read one repository with a change and a spec share it, and a catalog
  // that keeps a warm worker for its view: what they check is the command each tool
  // runs and its answer, and a warm answer equals a cold one (the pool's differential test).
  const shared = useSharedCatalog({
    ...DARK_MODE_CHANGE,
    "openspec/specs/auth/spec.md": AUTH_SPEC,
  });

  it("WHEN openspec_list is called with kind specs and a sort THEN runs the JSON list command for specs", async () => {
    const { catalog, root } = shared;
    const result = await catalog.call("openspec_list", {
      workdir: root,
      kind: "specs",
      sort: "name",
    });
    expect(result).toMatchObject({
      ok: true,
      command: expect.arrayContaining(["list", "--specs", "--json", "--sort", "name"]),
      stdout: { specs: [{ id: "auth", requirementCount: 1 }] },
    });
  });

  it("WHEN openspec_list is called with kind changes and sort recent THEN runs the JSON list command for changes", async () => {
    const { catalog, root } = shared;
    expect(
      await catalog.call("openspec_list", { workdir: root, kind: "changes", sort: "recent" }),
    ).toMatchObject({
      ok: true,
      command: expect.arrayContaining(["--changes", "--sort", "recent"]),
    });
  });

  it("WHEN openspec_show is called with a spec target and filters THEN runs the JSON show command with them", async () => {
    const { catalog, root } = shared;
    const result = await catalog.call("openspec_show", {
      workdir: root,
      target: "auth",
      type: "spec",
      no_scenarios: true,
      requirement: 1,
    });
    expect(result).toMatchObject({
      ok: true,
      command: expect.arrayContaining([
        "show",
        "auth",
        "--json",
        "--type",
        "spec",
        "--no-scenarios",
        "--requirement",
        "1",
      ]),
      stdout: { id: "auth" },
    });
  });

  it("WHEN openspec_show is called with a change and deltas_only THEN runs the JSON show command with --deltas-only", async () => {
    const { catalog, root } = shared;
    expect(
      await catalog.call("openspec_show", {
        workdir: root,
        target: "add-dark-mode",
        type: "change",
        deltas_only: true,
      }),
    ).toMatchObject({ ok: true, command: expect.arrayContaining(["--deltas-only"]) });
  });

  it("WHEN openspec_validate is called THEN runs validate strictly with JSON, non-interactive, on the target or scope", async () => {
    const { catalog, root } = shared;
    const all = await catalog.call("openspec_validate", { workdir: root });
    expect(all).toMatchObject({
      ok: true,
      command: expect.arrayContaining([
        "validate",
        "--all",
        "--strict",
        "--json",
        "--no-interactive",
      ]),
      stdout: { summary: { totals: { items: 2, failed: 0 } } },
    });
    const one = await catalog.call("openspec_validate", {
      workdir: root,
      target: "auth",
      type: "spec",
    });
    expect(one).toMatchObject({
      ok: true,
      command: expect.arrayContaining(["validate", "auth", "--type", "spec", "--strict"]),
    });
  });

  it("WHEN openspec_instructions is called for an artifact of a change THEN returns OpenSpec's enriched instructions", async () => {
    const { catalog, root } = shared;
    const result = await catalog.call("openspec_instructions", {
      workdir: root,
      artifact: "design",
      change: "add-dark-mode",
    });
    expect(result).toMatchObject({
      ok: true,
      artifact: "design",
      change: "add-dark-mode",
      stdout: { artifactId: "design", changeName: "add-dark-mode", template: expect.any(String) },
    });
  });

  it("WHEN openspec_instructions is called with artifact spec THEN it asks the CLI for specs, and the only change is used", async () => {
    const { catalog, root } = shared;
    const result = await catalog.call("openspec_instructions", { workdir: root, artifact: "spec" });
    expect(result).toMatchObject({
      ok: true,
      artifact: "specs",
      change: "add-dark-mode",
      note: expect.stringContaining("add-dark-mode"),
      command: expect.arrayContaining(["instructions", "specs", "--change", "add-dark-mode"]),
      stdout: { artifactId: "specs" },
    });
  });

  it("GIVEN an initialized repository without changes WHEN openspec_instructions is called for a known artifact THEN ok is true with template-backed guidance", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_instructions", { workdir: root, artifact: "spec" });
    expect(result).toMatchObject({
      ok: true,
      fallback: true,
      artifact: "specs",
      stdout: {
        artifactId: "specs",
        schemaName: "spec-driven",
        template: expect.stringContaining("Requirement"),
        instruction: expect.any(String),
        dependencies: [{ id: "proposal", done: false }],
      },
    });
    const unknown = await catalog.call("openspec_instructions", {
      workdir: root,
      artifact: "poem",
    });
    expect(unknown).toMatchObject({ ok: false, code: "unknown_artifact" });
  });

  it("GIVEN exactly one active change WHEN openspec_status is called without a change THEN it reports on that change and says so", async () => {
    const { catalog, root } = shared;
    expect(await catalog.call("openspec_status", { workdir: root })).toMatchObject({
      ok: true,
      change: "add-dark-mode",
      note: expect.stringContaining("add-dark-mode"),
      stdout: { changeName: "add-dark-mode" },
    });
  });

  it("GIVEN several active changes WHEN openspec_status or openspec_instructions is called without a change THEN each refuses with change_not_found, naming the change field and the changes, not the CLI's --change and --all flags", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({
      ...DARK_MODE_CHANGE,
      "openspec/changes/add-search/proposal.md": "# Search\n",
    });
    for (const [tool, args] of [
      ["openspec_status", {}],
      ["openspec_instructions", { artifact: "specs" }],
      ["openspec_instructions", { artifact: "apply" }],
    ] as const) {
      const answer = (await catalog.call(tool, { workdir: root, ...args })) as {
        code?: string;
        error?: string;
        fix?: string;
      };
      expect(answer, tool).toMatchObject({
        ok: false,
        code: "change_not_found",
        error: expect.stringContaining("2 active changes"),
        fix: expect.stringMatching(/change.*add-dark-mode, add-search/),
      });
      expect(`${answer.error} ${answer.fix}`, tool).not.toMatch(/--change|--all/);
    }
  });
});

describe("Requirement: Spec lifecycle tools", () => {
  it("GIVEN a project with openspec/specs WHEN openspec_spec_create is called THEN writes a formatted spec.md and returns the name and relative path", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    expect(
      await catalog.call("openspec_spec_create", { workdir: root, ...CHECKOUT_SPEC_INPUT }),
    ).toMatchObject({
      ok: true,
      name: "checkout",
      path: "openspec/specs/checkout/spec.md",
    });
    const markdown = readFileSync(join(root, "openspec/specs/checkout/spec.md"), "utf8");
    expect(markdown).toMatch(/^### Requirement: Pay with a saved card$/m);
    expect(markdown).toMatch(/^#### Scenario: Saved card accepted$/m);
    expect(
      await catalog.call("openspec_validate", { workdir: root, target: "checkout", type: "spec" }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("GIVEN an active change WHEN openspec_spec_create is called with change THEN writes under openspec/changes/<change>/specs/<name>/spec.md", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    expect(
      await catalog.call("openspec_spec_create", {
        workdir: root,
        change: "add-dark-mode",
        ...CHECKOUT_SPEC_INPUT,
      }),
    ).toMatchObject({
      ok: true,
      path: "openspec/changes/add-dark-mode/specs/checkout/spec.md",
    });
    expect(existsSync(join(root, "openspec/specs/checkout"))).toBe(false);
  });

  it("GIVEN a spec exists WHEN openspec_spec_create is called without force THEN ok is false and the file is unchanged", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository({ "openspec/specs/checkout/spec.md": AUTH_SPEC });
    expect(
      await catalog.call("openspec_spec_create", { workdir: root, ...CHECKOUT_SPEC_INPUT }),
    ).toMatchObject({
      ok: false,
      code: "spec_exists",
    });
    expect(readFileSync(join(root, "openspec/specs/checkout/spec.md"), "utf8")).toBe(AUTH_SPEC);
  });

  it("WHEN openspec_spec_show is called with a spec name THEN returns title, purpose and requirements with name, description and scenarios", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    expect(await catalog.call("openspec_spec_show", { workdir: root, name: "auth" })).toMatchObject(
      {
        ok: true,
        title: "Auth",
        purpose: "Let people sign in with their email address and a password they chose.",
        requirements: [
          {
            name: "Sign in",
            description: "The system SHALL sign a person in with a correct email and password.",
            scenarios: [{ name: "Correct password" }],
          },
        ],
      },
    );
  });

  it("WHEN openspec_spec_show is called with a change id THEN reads the change's spec", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    expect(
      await catalog.call("openspec_spec_show", {
        workdir: root,
        name: "ui",
        change: "add-dark-mode",
      }),
    ).toMatchObject({
      ok: true,
      requirements: [{ name: "Dark theme", operation: "ADDED" }],
    });
  });

  it("WHEN openspec_spec_show is called for a spec that does not exist THEN ok is false with a clear error", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const result = await catalog.call("openspec_spec_show", {
      workdir: makeOpenSpecRepository(),
      name: "ghost",
    });
    expect(result).toMatchObject({ ok: false, code: "spec_not_found" });
    expect(result.ok === false && result.error).toContain("ghost");
  });

  it("WHEN openspec_spec_list is called without and with a change THEN returns the spec names of each folder", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository({
      ...DARK_MODE_CHANGE,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
    });
    expect(await catalog.call("openspec_spec_list", { workdir: root })).toMatchObject({
      ok: true,
      specs: ["auth"],
    });
    expect(
      await catalog.call("openspec_spec_list", { workdir: root, change: "add-dark-mode" }),
    ).toMatchObject({
      ok: true,
      specs: ["ui"],
    });
  });

  it("GIVEN the specs folder is empty WHEN openspec_spec_list is called THEN returns an empty array", async () => {
    const { catalog } = makeCatalog({ cli: false });
    expect(await catalog.call("openspec_spec_list", { workdir: makeOpenSpecRepository() })).toEqual(
      {
        ok: true,
        change: null,
        specs: [],
        count: 0,
      },
    );
  });

  it("WHEN any spec tool is called with a missing or non-directory workdir THEN ok is false and nothing is touched", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const missing = join(temporaryFolder(), "missing");
    for (const [tool, args] of [
      ["openspec_spec_create", CHECKOUT_SPEC_INPUT],
      ["openspec_spec_show", { name: "auth" }],
      ["openspec_spec_list", {}],
    ] as const) {
      expect(await catalog.call(tool, { workdir: missing, ...args })).toMatchObject({
        ok: false,
        code: "invalid_workdir",
      });
    }
    expect(existsSync(missing)).toBe(false);
  });
});
