import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type HostOptions,
  type HostUnderTest,
  openHermesHost,
  openLibraryHost,
  openMcpHost,
} from "@org/host-harness";
import { fakeOpenSpecBinary, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { isGone } from "./processes/process-state.js";
import { EVENTUALLY_MS, waitFor } from "./processes/wait-for.js";
import { makeSandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

afterAll(removeTemporaryFolders);

/** Far beyond the runner's grace after exit: the defect answered `timeout` at this deadline, which `ok: true` rules out. */
const CLI_TIMEOUT_MS = 60_000;

// A CLI that exits 0 with complete JSON while a child it started holds stdout
// was answered with `timeout` after the whole CLI timeout (120 s by default).
describe.each([
  { name: "library", open: openLibraryHost },
  { name: "MCP server", open: openMcpHost },
  { name: "Hermes plugin", open: openHermesHost },
])("a CLI that exits while its child holds stdout, through the $name", ({ open }) => {
  it.each([["a background child", ""]])(
    "GIVEN %s WHEN openspec_list runs THEN it answers ok with the JSON long before the timeout, and the child is gone",
    async (_, prefix) => {
      const pidDir = temporaryFolder("lingering-");
      const bin = fakeOpenSpecBinary(
        [
          `${prefix}/usr/bin/sleep 300 &`,
          `echo "$!" > '${pidDir}/pid'`,
          `echo '{"changes":[]}'`,
          "exit 0",
        ].join("\n"),
      );
      const sandbox = makeSandbox({
        OPENSPEC_BIN: bin,
        // The fake reports host pids and logs beside the repository: process mechanics, not confinement.
        OPENSPEC_AGENT_CONFINE: "off",
        OPENSPEC_AGENT_CLI_TIMEOUT_MS: String(CLI_TIMEOUT_MS),
      });
      await registerShop(sandbox);
      const options: HostOptions = { env: sandbox.env, cwd: sandbox.home };
      const host: HostUnderTest = await open(options);
      try {
        const answer = await host.call("openspec_list", { source: "shop" });
        expect(answer).toMatchObject({
          kind: "result",
          result: { ok: true, exit_code: 0, stdout: { changes: [] } },
        });
        const child = Number(readFileSync(join(pidDir, "pid"), "utf8").trim());
        expect(await waitFor(() => isGone(child), EVENTUALLY_MS)).toBe(true);
      } finally {
        await host.close();
      }
    },
  );
});
