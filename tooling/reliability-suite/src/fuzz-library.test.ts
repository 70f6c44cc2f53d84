import { type HostUnderTest, openLibraryHost } from "@org/host-harness";
import { cliToolNames, toolCatalog } from "@org/openspec-core";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFuzzFigures } from "./figures/describe-fuzz-figures.js";
import { recordFigure } from "./figures/record-figure.js";
import { fuzzCatalogTool } from "./fuzz/fuzz-catalog-tool.js";
import { FUZZ_DEADLINE_MS, fuzzEnvironment } from "./fuzz/fuzz-settings.js";
import { type FuzzFigures, fuzzTool } from "./fuzz/fuzz-tool.js";
import { findSmuggledOptions, readRecordedArgv } from "./fuzz/read-recorded-argv.js";
import { reliabilitySizes } from "./reliability-mode.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

const sizes = reliabilitySizes();
/** The real CLI takes about a second to start on a busy machine; a hang is far beyond that. */
const REAL_CLI_TIMEOUT_MS = 30_000;
const figures: FuzzFigures = { calls: 0, slowestMs: 0, knownBugs: {} };
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
let sandbox: Sandbox;
let argvLog: string;
let library: HostUnderTest;

beforeAll(async () => {
  const fuzz = fuzzEnvironment();
  argvLog = fuzz.argvLog;
  sandbox = makeSandbox(fuzz.env);
  library = await openLibraryHost({ env: sandbox.env, cwd: sandbox.home });
});

afterAll(async () => {
  await library?.close();
  recordFigure(
    "fuzzing (library)",
    describeFuzzFigures(
      figures,
      `${sizes.libraryCallsPerTool} per tool, 100 hostile tool names, ${sizes.realCliCallsPerTool} per CLI-backed tool with the real CLI`,
    ),
  );
  removeTemporaryFolders();
});

describe("fuzzing through the library", () => {
  it.each(toolCatalog.map((tool) => tool.name))(
    `GIVEN ${sizes.libraryCallsPerTool} generated hostile inputs for %s WHEN each is called THEN every answer keeps the result contract, none hangs, and nothing outside the repository changes`,
    async (tool) => {
      const problem = await fuzzCatalogTool({
        host: library,
        sandbox,
        tool,
        numRuns: sizes.libraryCallsPerTool,
        deadlineMs: FUZZ_DEADLINE_MS,
        figures,
      });
      expect(problem).toBeNull();
    },
  );

  it("GIVEN hostile tool names WHEN called THEN each answer is unknown_tool or a tool's own result", async () => {
    const names = fc.oneof(
      fc.constantFrom(
        "__proto__",
        "constructor",
        "toString",
        "hasOwnProperty",
        "",
        " openspec_list",
        "OPENSPEC_LIST",
      ),
      fc.string({ unit: "binary", maxLength: 40 }),
    );
    const problem = await fuzzTool({
      host: { ...library, call: (_tool, args) => library.call(String(args), {}) },
      tool: "<name>",
      input: names,
      numRuns: 100,
      sandbox,
      deadlineMs: FUZZ_DEADLINE_MS,
      figures,
    });
    expect(problem).toBeNull();
  });

  it("GIVEN every fuzzed call so far WHEN the fake CLI's recorded arguments are read THEN no value from the input reached it as an option", () => {
    const argvs = readRecordedArgv(argvLog);
    expect(argvs.length).toBeGreaterThan(0);
    expect(findSmuggledOptions(argvs)).toEqual([]);
  });

  it("GIVEN inputs with __proto__ and constructor keys WHEN every tool has been fuzzed THEN Object.prototype is unchanged", () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("regressions found by fuzzing", () => {
  // statSync(path, { throwIfNoEntry: false }) throws for every error but ENOENT (ENOTDIR for a
  // spec id through a file, ELOOP for a symlink loop); the artifacts caches now treat both as missing.
  it.each([
    {
      what: "a spec id through a file, auth/spec.md",
      args: { source: "shop", name: "auth/spec.md" },
    },
    {
      what: "a delta spec id through a file, ui/spec.md",
      args: { source: "shop", change: "add-dark-mode", name: "ui/spec.md" },
    },
    {
      what: "a spec folder that is a symlink to itself, loop",
      args: { source: "shop", name: "loop" },
    },
  ])(
    "GIVEN $what WHEN shown THEN ok is false with spec_not_found, not internal_error",
    async ({ args }) => {
      await registerShop(sandbox);
      expect(await library.call("openspec_spec_show", args)).toMatchObject({
        kind: "result",
        result: { ok: false, code: "spec_not_found" },
      });
    },
  );
});

if (sizes.realCliCallsPerTool > 0) {
  describe("fuzzing the CLI-backed tools through the library with the real OpenSpec CLI", () => {
    let realSandbox: Sandbox;
    let realLibrary: HostUnderTest;
    beforeAll(async () => {
      realSandbox = makeSandbox({
        OPENSPEC_BIN: REAL_OPENSPEC_BIN,
        OPENSPEC_AGENT_CLI_TIMEOUT_MS: String(REAL_CLI_TIMEOUT_MS),
      });
      realLibrary = await openLibraryHost({ env: realSandbox.env, cwd: realSandbox.home });
    });
    afterAll(async () => realLibrary?.close());

    it.each([...cliToolNames])(
      `GIVEN ${sizes.realCliCallsPerTool} generated hostile inputs for %s WHEN each runs the real CLI THEN every answer keeps the result contract, none hangs, and nothing outside the repository changes`,
      async (tool) => {
        const problem = await fuzzCatalogTool({
          host: realLibrary,
          sandbox: realSandbox,
          tool,
          numRuns: sizes.realCliCallsPerTool,
          deadlineMs: REAL_CLI_TIMEOUT_MS + 2 * 1_000 + 20_000,
          figures,
        });
        expect(problem).toBeNull();
      },
    );
  });
}
