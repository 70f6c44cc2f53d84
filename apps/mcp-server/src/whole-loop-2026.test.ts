import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  Client,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import {
  fakeOpenSpecBinary,
  makeOpenSpecRepository,
  PASSKEYS_CHANGE_INPUT,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startHttpProcess, stopHttpProcess } from "./test-support/http-process.js";
import { BUILT_SERVER, serverEnvironment } from "./test-support/sandbox.js";
import { isRunning, waitForPids } from "./test-support/slow-cli.js";

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  vi.restoreAllMocks();
  removeTemporaryFolders();
});

/**
 * The real OpenSpec CLI, except that `validate` hangs (a grandchild beside it,
 * both pids written to `pidFile`) while `hangFlag` exists: the real CLI is
 * never slow on demand, and the loop needs it for everything else.
 */
function cliThatHangsOnDemand() {
  const folder = temporaryFolder("hang-");
  const pidFile = join(folder, "pids");
  const hangFlag = join(folder, "hang");
  const bin = fakeOpenSpecBinary(
    [
      `if [ "$1" = validate ] && [ -e "${hangFlag}" ]; then`,
      `  /bin/sleep 300 & echo "$$ $!" > "${pidFile}"`,
      "  wait",
      "fi",
      `exec "${process.execPath}" "${REAL_OPENSPEC_BIN}" "$@"`,
    ].join("\n"),
  );
  return { bin, pidFile, hangFlag };
}

/**
 * The SDK's stdio transport, as a subclass: on the base class the client
 * would send its opening `server/discover` to a sibling process it spawns for
 * that alone; here everything goes to the one server under test.
 */
class OneProcessStdioTransport extends StdioClientTransport {}

type Served = { transport: Transport; serverLog(): string };

/** The built `openspec-mcp`, over stdio or over HTTP (`--http --no-auth`), in `environment`. */
const serve: Record<
  "stdio" | "http",
  (environment: { home: string; env: Record<string, string> }) => Promise<Served>
> = {
  async stdio({ env }) {
    const transport = new OneProcessStdioTransport({
      command: process.execPath,
      args: [BUILT_SERVER],
      env,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    return { transport, serverLog: () => stderr };
  },
  async http(environment) {
    const server = await startHttpProcess(["--no-auth"], environment);
    closing.push(() => stopHttpProcess(server));
    return {
      transport: new StreamableHTTPClientTransport(new URL(server.url)),
      serverLog: () => server.log.join("\n"),
    };
  },
};

/** Resolves on the next call of the handler it installs; rejects, naming `what`, after 30 s (a hang guard). */
function nextCall(install: (handler: () => void) => void, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const hang = setTimeout(() => reject(new Error(`gave up waiting for ${what}`)), 30_000);
    install(() => {
      clearTimeout(hang);
      resolve();
    });
  });
}

describe("GIVEN the SDK v2 client pinned to 2026-07-28 (no initialize, no session)", () => {
  it.each(["stdio", "http"] as const)(
    "WHEN it carries a change through its whole life over %s THEN registering, reading, proposing, ticking and archiving answer, its listen stream hears the edits, a cancelled validate leaves no CLI process, and nothing warns of deprecation",
    async (transportName) => {
      const { bin, pidFile, hangFlag } = cliThatHangsOnDemand();
      // The hanging CLI writes its pids outside the repository: process mechanics, not confinement.
      const environment = serverEnvironment({
        cli: false,
        extra: { OPENSPEC_BIN: bin, OPENSPEC_AGENT_CONFINE: "off" },
      });
      const warnings: string[] = [];
      const warn = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
        warnings.push(args.map(String).join(" "));
      });
      const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
      process.on("warning", onWarning);
      closing.push(async () => {
        process.off("warning", onWarning);
        warn.mockRestore();
      });

      const served = await serve[transportName](environment);
      const client = new Client(
        { name: "whole-loop-2026", version: "0" },
        { versionNegotiation: { mode: { pin: "2026-07-28" } } },
      );
      await client.connect(served.transport);
      closing.unshift(() => client.close());
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: args })).structuredContent as Record<
          string,
          unknown
        >;
      const updated: string[] = [];
      let heard: (() => void) | undefined;
      client.setNotificationHandler("notifications/resources/updated", (notification) => {
        updated.push(notification.params.uri);
        heard?.();
      });

      // Register, then read.
      const repo = makeOpenSpecRepository({});
      expect(await call("openspec_source_add", { path: repo, name: "shop" })).toMatchObject({
        ok: true,
      });
      expect(await call("openspec_context", { identifier: "shop" })).toMatchObject({
        ok: true,
        changes: [],
      });

      // Propose.
      expect(
        await call("openspec_change_create", { source: "shop", ...PASSKEYS_CHANGE_INPUT }),
      ).toMatchObject({ ok: true, validation: { valid: true } });

      // Listen to the change's tasks, then tick them: the stream hears the edit.
      const tasks = "openspec://shop/changes/add-passkeys/tasks";
      const stream = await client.listen({ resourceSubscriptions: [tasks] });
      expect(stream.honoredFilter).toMatchObject({ resourceSubscriptions: [tasks] });
      const ticked = nextCall((done) => {
        heard = done;
      }, "resources/updated after the tasks were ticked");
      expect(
        await call("openspec_task_set_status", {
          source: "shop",
          change: "add-passkeys",
          ids: "all",
          done: true,
        }),
      ).toMatchObject({ ok: true, done: 2, total: 2 });
      await ticked;
      expect(updated).toContain(tasks);
      // An edit by hand, as an editor makes it, is heard too.
      const tasksFile = join(repo, "openspec/changes/add-passkeys/tasks.md");
      const edited = nextCall((done) => {
        heard = done;
      }, "resources/updated after tasks.md was edited by hand");
      writeFileSync(tasksFile, `${readFileSync(tasksFile, "utf8")}\n<!-- reviewed -->\n`);
      await edited;
      await stream.close();

      // A long call cancelled: the CLI and its grandchild are gone, and the server serves on.
      writeFileSync(hangFlag, "");
      const controller = new AbortController();
      const pending = client.callTool(
        { name: "openspec_validate", arguments: { source: "shop", target: "add-passkeys" } },
        { signal: controller.signal },
      );
      const pids = await waitForPids(pidFile);
      expect(pids.every(isRunning)).toBe(true);
      controller.abort("no longer needed");
      await expect(pending).rejects.toThrow();
      await expect
        .poll(() => pids.filter(isRunning), { timeout: 30_000, interval: 100 })
        .toEqual([]);
      rmSync(hangFlag);

      // Archive.
      expect(
        await call("openspec_change_archive", { source: "shop", change: "add-passkeys" }),
      ).toMatchObject({ ok: true, specs_updated: true });
      expect(existsSync(join(repo, "openspec/specs/passkeys/spec.md"))).toBe(true);

      expect(warnings.filter((line) => /deprecat|\[mcp-sdk\]/i.test(line))).toEqual([]);
      expect(served.serverLog()).not.toMatch(/DeprecationWarning|deprecated/i);
    },
    300_000,
  );
});
