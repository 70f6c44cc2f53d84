import {
  type HostOptions,
  type HostUnderTest,
  openCliHost,
  openHermesHost,
  openLibraryHost,
  openMcpHost,
} from "@org/host-harness";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { makeSandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

afterAll(removeTemporaryFolders);

// Node's timers overflow above 2147483647 ms and fire at once: every CLI tool
// used to fail with "did not finish within 99999999999999 ms".
describe.each([
  { name: "library", open: openLibraryHost },
  { name: "shell CLI", open: openCliHost },
  { name: "MCP server", open: openMcpHost },
  { name: "Hermes plugin", open: openHermesHost },
])("an extreme setting through the $name", ({ open }) => {
  const openWith = async (extra: Record<string, string>): Promise<HostUnderTest> => {
    const sandbox = makeSandbox({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    await registerShop(sandbox);
    // The bad value reaches only the host under test, not the setup above.
    const options: HostOptions = { env: { ...sandbox.env, ...extra }, cwd: sandbox.home };
    return open(options);
  };

  it.each([
    ["OPENSPEC_AGENT_CLI_TIMEOUT_MS", "3000000000"],
    ["OPENSPEC_AGENT_CLI_TIMEOUT_MS", "99999999999999"],
    ["OPENSPEC_AGENT_POOL", "many"],
  ])(
    "GIVEN %s=%s WHEN a CLI-backed tool is called THEN it answers invalid_setting naming the variable, its value and the range",
    async (name, value) => {
      const host = await openWith({ [name]: value });
      try {
        const answer = await host.call("openspec_list", { source: "shop" });
        expect(answer).toMatchObject({
          kind: "result",
          result: {
            ok: false,
            code: "invalid_setting",
            setting: name,
            value,
            error: expect.stringMatching(
              new RegExp(`^${name} is "${value}"; it must be a whole number from \\d+ to \\d+`),
            ),
            fix: expect.stringContaining(name),
          },
        });
      } finally {
        await host.close();
      }
    },
  );
});
