import {
  LoggingMessageNotificationSchema,
  type Progress,
} from "@modelcontextprotocol/sdk/types.js";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { type McpHost, openMcpHost } from "./test-support/open-mcp-host.js";
import { serverEnvironment } from "./test-support/sandbox.js";
import { isRunning, slowOpenSpecCli, waitForPids } from "./test-support/slow-cli.js";

const hosts: McpHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  removeTemporaryFolders();
});

/** The built server over stdio, with the slow fake OpenSpec CLI. */
async function serverWithSlowCli() {
  const { bin, pidFile } = slowOpenSpecCli();
  const host = await openMcpHost(
    serverEnvironment({
      cli: false,
      // The fake writes host pids beside the repository: process mechanics, not confinement.
      extra: { OPENSPEC_BIN: bin, OPENSPEC_AGENT_CONFINE: "off" },
    }),
  );
  hosts.push(host);
  return { host, pidFile, workdir: makeOpenSpecRepository() };
}

describe("GIVEN the built server over stdio and a slow OpenSpec CLI", () => {
  it("WHEN a CLI-backed call carries a progress token THEN progress notifications arrive while it runs, naming the command, and the call answers", async () => {
    const { host, workdir } = await serverWithSlowCli();
    const heard: Progress[] = [];

    const result = await host.client.callTool(
      { name: "openspec_list", arguments: { workdir } },
      undefined,
      { onprogress: (progress) => heard.push(progress), timeout: 120_000 },
    );

    expect(result.structuredContent).toMatchObject({ ok: true });
    const messages = heard.map((entry) => entry.message);
    const started = messages.indexOf("running openspec list");
    expect(started).toBeGreaterThanOrEqual(0);
    // Until the CLI is launched (which can take over a second on a loaded machine) the host's own
    // heartbeat speaks; from then on the CLI's reports only.
    expect(
      messages
        .slice(0, started)
        .every((message) => /^openspec_list still running after \d+ s$/.test(message ?? "")),
    ).toBe(true);
    expect(messages.length).toBeGreaterThan(started + 1);
    expect(
      messages.slice(started + 1).every((message) => message === "still running openspec list"),
    ).toBe(true);
    const values = heard.map((entry) => entry.progress);
    expect(values).toEqual(values.map((_, index) => index + 1));
  }, 120_000);

  it("WHEN a running call is cancelled with the client's AbortSignal THEN the CLI and its grandchild are gone soon after, the log says nothing went wrong, and the next call succeeds", async () => {
    const { host, pidFile, workdir } = await serverWithSlowCli();
    const errors: string[] = [];
    host.client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
      if (params.level === "error") errors.push(String(params.data));
    });
    const controller = new AbortController();

    const pending = host.client.callTool(
      { name: "openspec_validate", arguments: { workdir } },
      undefined,
      { signal: controller.signal, timeout: 120_000 },
    );
    const pids = await waitForPids(pidFile);
    expect(pids.every(isRunning)).toBe(true);
    controller.abort("no longer needed");

    await expect(pending).rejects.toThrow();
    await expect.poll(() => pids.filter(isRunning), { timeout: 30_000, interval: 100 }).toEqual([]);
    const after = await host.client.callTool(
      { name: "openspec_list", arguments: { workdir } },
      undefined,
      { timeout: 120_000 },
    );
    expect(after.structuredContent).toMatchObject({ ok: true });
    expect(errors).toEqual([]);
  }, 120_000);
});
