import { DARK_MODE_CHANGE, makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";

afterEach(cleanUp);

describe("numeric settings out of bounds", () => {
  it("GIVEN OPENSPEC_AGENT_CLI_TIMEOUT_MS=3000000000 (past Node's timer limit) WHEN any tool is called THEN it answers invalid_setting naming the variable, its value and the range", async () => {
    const { catalog } = makeCatalog({ env: { OPENSPEC_AGENT_CLI_TIMEOUT_MS: "3000000000" } });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    for (const [tool, args] of [
      ["openspec_list", { workdir: root }],
      ["openspec_context", { workdir: root }],
      ["openspec_source_list", {}],
    ] as const) {
      expect(await catalog.call(tool, args)).toEqual({
        ok: false,
        code: "invalid_setting",
        error:
          'OPENSPEC_AGENT_CLI_TIMEOUT_MS is "3000000000"; it must be a whole number from 1 to 2147483647 (ms).',
        fix: "Set OPENSPEC_AGENT_CLI_TIMEOUT_MS to a whole number from 1 to 2147483647, or unset it to use the default, and restart the host.",
        setting: "OPENSPEC_AGENT_CLI_TIMEOUT_MS",
        value: "3000000000",
      });
    }
  });

  it.each([
    ["OPENSPEC_AGENT_CLI_TIMEOUT_MS", "soon"],
    ["OPENSPEC_AGENT_CLI_TIMEOUT_MS", "0"],
    ["OPENSPEC_AGENT_POOL", "-1"],
    ["OPENSPEC_AGENT_POOL", "1000"],
  ])(
    "GIVEN %s=%s WHEN a tool is called THEN it is refused, not silently replaced by the default",
    async (name, value) => {
      const { catalog } = makeCatalog({ env: { [name]: value } });
      expect(await catalog.call("openspec_source_list", {})).toMatchObject({
        ok: false,
        code: "invalid_setting",
        setting: name,
        value,
      });
    },
  );

  it.each([
    ["cliTimeoutMs", { cliTimeoutMs: 2 ** 31 }],
    ["cliMaxOutputBytes", { cliMaxOutputBytes: 0 }],
    ["cliDiscoveryTtlMs", { cliDiscoveryTtlMs: -1 }],
    ["warmPool", { warmPool: 1.5 }],
  ])(
    "GIVEN the option %s out of bounds WHEN a tool is called THEN it answers invalid_setting with a fix for the option",
    async (name, catalogOptions) => {
      const { catalog } = makeCatalog({ catalog: catalogOptions });
      const result = await catalog.call("openspec_source_list", {});
      expect(result).toMatchObject({ ok: false, code: "invalid_setting", setting: name });
      expect(result.ok === false && result.fix).toMatch(
        new RegExp(`^Pass ${name} as a whole number`),
      );
    },
  );

  it("GIVEN OPENSPEC_AGENT_CLI_TIMEOUT_MS at Node's timer limit and an empty OPENSPEC_AGENT_POOL WHEN a CLI tool runs THEN it answers normally", async () => {
    const { catalog } = makeCatalog({
      env: { OPENSPEC_AGENT_CLI_TIMEOUT_MS: "2147483647", OPENSPEC_AGENT_POOL: "" },
    });
    const result = await catalog.call("openspec_list", {
      workdir: makeOpenSpecRepository(DARK_MODE_CHANGE),
    });
    expect(result).toMatchObject({ ok: true, exit_code: 0 });
  });
});
