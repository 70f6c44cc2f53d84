import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { setTimeout as delay } from "node:timers/promises";
import { CLI_BIN, MCP_BIN } from "@org/host-harness";
import { packagePaths } from "@org/openspec-hermes-host";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { hangingFake } from "./fake-cli/hanging-fake.js";
import { killRecordedFake } from "./processes/kill-recorded-fake.js";
import { isGone } from "./processes/process-state.js";
import { EVENTUALLY_MS, waitFor } from "./processes/wait-for.js";
import { makeSandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

// The bridge entry the installer records in bridge.json.
const BRIDGE = packagePaths.bridgeEntry;

const pidFiles: string[] = [];
afterEach(() => {
  for (const file of pidFiles.splice(0)) killRecordedFake(file);
  removeTemporaryFolders();
});

const line = (message: unknown) => `${JSON.stringify(message)}\n`;

/** How each host is started, and what it is sent so that it runs `openspec list` (which hangs). */
const HOSTS = [
  { name: "the shell CLI", args: [CLI_BIN, "list", "--source", "shop"], input: "" },
  {
    name: "the MCP server",
    args: [MCP_BIN],
    input: [
      line({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "orphan-check", version: "0" },
        },
      }),
      line({ jsonrpc: "2.0", method: "notifications/initialized" }),
      line({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "openspec_list", arguments: { source: "shop" } },
      }),
    ].join(""),
  },
  {
    name: "the Hermes bridge",
    args: [BRIDGE],
    input: line({ id: "hang", tool: "openspec_list", args: { source: "shop" } }),
  },
] as const;

type Host = (typeof HOSTS)[number];

/** A sandbox whose OpenSpec CLI hangs (ignoring SIGTERM, with a child) far longer than any check. */
async function hangingSandbox() {
  const fake = hangingFake();
  pidFiles.push(fake.pidFile);
  const sandbox = makeSandbox({
    OPENSPEC_BIN: fake.bin,
    OPENSPEC_AGENT_CLI_TIMEOUT_MS: "600000",
    // The fake reports host pids in a file beside the repository: process mechanics, not confinement.
    OPENSPEC_AGENT_CONFINE: "off",
  });
  await registerShop(sandbox);
  return { fake, sandbox };
}

/** Starts the host as its client would, with the request on its stdin, kept open. */
function startHost(host: Host, env: Record<string, string | undefined>, cwd: string) {
  const child = spawn(process.execPath, host.args, {
    env,
    cwd,
    stdio: ["pipe", "ignore", "ignore"],
  });
  child.stdin.on("error", () => {});
  child.stdin.write(host.input);
  return child;
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : once(child, "exit").then(() => undefined);

// The runner's own tests (packages/cli-runner: host-signals, host-exit) stop a
// host by each signal and by SIGKILL, and every host here installs the same
// handler (exitOnHostSignals) for SIGINT, SIGTERM and SIGHUP. So each host gets
// one of those signals, each signal reaches one host, and SIGKILL, which no
// handler sees, is sent to one host: the watchdog the runner starts does the rest.
const CASES = [
  { host: HOSTS[0], signal: "SIGINT" },
  { host: HOSTS[1], signal: "SIGTERM" },
  { host: HOSTS[2], signal: "SIGHUP" },
  { host: HOSTS[0], signal: "SIGKILL" },
] as const;

describe("a host with a call whose OpenSpec CLI hangs", () => {
  it.each(CASES)(
    "GIVEN the CLI and its child running WHEN $host.name gets $signal THEN the host ends and neither CLI process is left under PID 1",
    async ({ host, signal }) => {
      const { fake, sandbox } = await hangingSandbox();
      const child = startHost(host, sandbox.env, sandbox.home);
      expect(await waitFor(() => fake.pids().length === 2, EVENTUALLY_MS)).toBe(true);
      // The host tells its watchdog about the run in the step right after the OS starts
      // the CLI; a SIGKILL landing before that step is the gap the cli-runner README
      // names. A second is hundreds of times what that step takes on a loaded machine.
      if (signal === "SIGKILL") await delay(1000);

      child.kill(signal);
      await exitOf(child);

      // Generous for a busy machine: after SIGKILL the watchdog (a fresh node) does the killing.
      expect(await waitFor(() => fake.pids().every(isGone), EVENTUALLY_MS)).toBe(true);
    },
  );
});

// What Hermes does to its plugin's bridge: its own process ends, and the bridge is SIGKILLed.
describe("the Hermes bridge with a call whose OpenSpec CLI hangs", () => {
  const host = HOSTS[2];
  it("GIVEN the host's parent exits normally WHEN the host is killed with SIGKILL 2 s later, as Hermes does, THEN neither CLI process is left", async () => {
    const { fake, sandbox } = await hangingSandbox();
    // The parent starts the host with the request on a pipe, and exits once the CLI runs.
    const parent = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        [
          `import { spawn } from "node:child_process";`,
          `import { existsSync } from "node:fs";`,
          `const host = spawn(process.execPath, ${JSON.stringify(host.args)}, { stdio: ["pipe", "ignore", "ignore"] });`,
          `host.stdin.write(${JSON.stringify(host.input)});`,
          `process.stdout.write(String(host.pid) + "\\n");`,
          `setInterval(() => { if (existsSync(${JSON.stringify(fake.pidFile)})) process.exit(0); }, 20);`,
        ].join("\n"),
      ],
      { env: sandbox.env, cwd: sandbox.home, stdio: ["ignore", "pipe", "ignore"] },
    );
    let printed = "";
    parent.stdout?.on("data", (chunk: Buffer) => {
      printed += chunk.toString("utf8");
    });
    await exitOf(parent);
    const hostPid = Number(printed.trim());
    expect(Number.isSafeInteger(hostPid) && hostPid > 1).toBe(true);
    expect(await waitFor(() => fake.pids().length === 2, EVENTUALLY_MS)).toBe(true);

    await waitFor(() => isGone(hostPid), EVENTUALLY_MS);
    try {
      process.kill(hostPid, "SIGKILL");
    } catch {
      // It had already stopped on its own.
    }

    expect(await waitFor(() => fake.pids().every(isGone), EVENTUALLY_MS)).toBe(true);
  });
});
