import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Stream } from "node:stream";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as LegacyStdioTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as LegacyHttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  fakeOpenSpecBinary,
  makeOpenSpecRepository,
  PASSKEYS_CHANGE_INPUT,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { legacyClientValidator, modernClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startHttpProcess, stopHttpProcess } from "./test-support/http-process.js";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";
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

/** What the loop needs of a client, whichever SDK and revision. */
type LoopClient = {
  /** A tool's result object (`structuredContent`); rejects when `signal` cancels the call. */
  call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<unknown>;
  /** Follows a resource (listen on 2026-07-28, subscribe on 2025); resolves once it is followed. */
  follow(uri: string): Promise<void>;
  /** Hears `notifications/resources/updated`. */
  onUpdated(handler: (uri: string) => void): void;
  close(): Promise<void>;
};

/** Where the built server runs: its command for stdio, or its URL over HTTP (`--http --no-auth`), and its log. */
type Served = {
  stdio?: { command: string; args: string[]; env: Record<string, string> };
  url?: string;
  log: string[];
};

async function serve(
  over: "stdio" | "http",
  environment: { home: string; env: Record<string, string> },
): Promise<Served> {
  if (over === "stdio") {
    // The client spawns the server; its transport pipes the server's stderr into `log`.
    return {
      stdio: { command: process.execPath, args: [PUBLISHED_BIN], env: environment.env },
      log: [],
    };
  }
  const server = await startHttpProcess(["--no-auth"], { environment });
  closing.push(() => stopHttpProcess(server));
  return { url: server.url, log: server.log };
}

/** The SDK v2 client pinned to 2026-07-28: no initialize, every request on its own, listening with subscriptions/listen. */
async function modernClient(served: Served): Promise<LoopClient> {
  const transport =
    served.stdio === undefined
      ? new StreamableHTTPClientTransport(new URL(served.url ?? ""))
      : new OneProcessStdioTransport({ ...served.stdio, stderr: "pipe" });
  if (transport instanceof StdioClientTransport) logStderr(transport.stderr, served);
  const client = new Client(
    { name: "whole-loop", version: "0" },
    {
      jsonSchemaValidator: modernClientValidator,
      versionNegotiation: { mode: { pin: "2026-07-28" } },
    },
  );
  await client.connect(transport);
  return {
    call: async (name, args, signal) =>
      (await client.callTool({ name, arguments: args }, signal === undefined ? {} : { signal }))
        .structuredContent,
    async follow(uri) {
      const stream = await client.listen({ resourceSubscriptions: [uri] });
      expect(stream.honoredFilter).toMatchObject({ resourceSubscriptions: [uri] });
    },
    onUpdated: (handler) =>
      client.setNotificationHandler("notifications/resources/updated", (notification) =>
        handler(notification.params.uri),
      ),
    close: () => client.close(),
  };
}

/** The SDK 1.x client (what most MCP hosts run): initialize, a session, resources/subscribe. */
async function legacyClient(served: Served): Promise<LoopClient> {
  const transport =
    served.stdio === undefined
      ? new LegacyHttpTransport(new URL(served.url ?? ""))
      : new LegacyStdioTransport({ ...served.stdio, stderr: "pipe" });
  if (transport instanceof LegacyStdioTransport) logStderr(transport.stderr, served);
  const client = new LegacyClient(
    { name: "whole-loop", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await client.connect(transport);
  return {
    call: async (name, args, signal) =>
      (
        await client.callTool(
          { name, arguments: args },
          undefined,
          signal === undefined ? {} : { signal },
        )
      ).structuredContent,
    follow: async (uri) => void (await client.subscribeResource({ uri })),
    onUpdated: (handler) =>
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) =>
        handler(notification.params.uri),
      ),
    close: () => client.close(),
  };
}

/** The stdio server's stderr, into the log the test reads. */
function logStderr(stream: Stream | null, served: Served): void {
  stream?.on("data", (chunk: Buffer) => served.log.push(chunk.toString("utf8")));
}

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

const clients = {
  "SDK v2 client pinned to 2026-07-28 (no initialize, no session)": modernClient,
  "SDK 1.x client (2025 revisions: initialize, a session)": legacyClient,
};

describe.each(Object.keys(clients) as (keyof typeof clients)[])("GIVEN the %s", (clientName) => {
  it.each(["stdio", "http"] as const)(
    "WHEN it carries a change through its whole life over %s THEN registering, reading, proposing, ticking and archiving answer, the resource it follows is reported edited, a cancelled validate leaves no CLI process, and nothing warns of deprecation",
    async (over) => {
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

      const served = await serve(over, environment);
      const client = await clients[clientName](served);
      closing.unshift(() => client.close());
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.call(name, args)) as Record<string, unknown>;
      const updated: string[] = [];
      let heard: (() => void) | undefined;
      client.onUpdated((uri) => {
        updated.push(uri);
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

      // Follow the change's tasks, then tick them: the client hears the edit.
      const tasks = "openspec://shop/changes/add-passkeys/tasks";
      await client.follow(tasks);
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

      // A long call cancelled: the CLI and its grandchild are gone, and the server serves on.
      writeFileSync(hangFlag, "");
      const controller = new AbortController();
      const pending = client.call(
        "openspec_validate",
        { source: "shop", target: "add-passkeys" },
        controller.signal,
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
      expect(served.log.join("\n")).not.toMatch(/DeprecationWarning|deprecated/i);
    },
    300_000,
  );
});
