import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { type CatalogContext, createCatalog, defineTool } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createServer, type OpenSpecMcpServer } from "./create-server.js";

const opened: { server: OpenSpecMcpServer; client: Client }[] = [];

afterEach(async () => {
  for (const { server, client } of opened.splice(0)) {
    await client.close();
    await server.close();
  }
  removeTemporaryFolders();
});

/** A tool whose handler runs `body` with the call's context: the stand-in for a slow call. */
function slowTool(name: string, body: (context: CatalogContext) => Promise<void>) {
  return defineTool({
    name,
    description: "A slow call.",
    inputSchema: () => z.object({}),
    outputSchema: () => z.object({ ok: z.literal(true) }),
    requiresCli: false,
    annotations: {
      title: name,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    presentation: { command: [name], summary: "a slow call", render: () => [] },
    async handler(_input, context) {
      await body(context);
      return { ok: true as const };
    },
  });
}

const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves when `signal` is aborted: a handler that runs until cancelled. */
const aborted = (signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => signal?.addEventListener("abort", () => resolve()));

async function connect(tools: ReturnType<typeof slowTool>[]) {
  const catalog = createCatalog({ tools, env: {} });
  const server = await createServer({ catalog, log: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client(
    { name: "in-process", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  opened.push({ server, client });
  return client;
}

describe("tools/call progress and cancellation", () => {
  it("GIVEN a call with a progress token that reports steps WHEN it runs THEN each step arrives as notifications/progress with a growing progress and its message", async () => {
    const client = await connect([
      slowTool("stepper", async ({ call }) => {
        call.onProgress?.({ message: "running openspec validate" });
        await waitFor(50);
        call.onProgress?.({ message: "still running openspec validate" });
      }),
    ]);
    const heard: Progress[] = [];

    const result = await client.callTool({ name: "stepper", arguments: {} }, undefined, {
      onprogress: (progress) => heard.push(progress),
    });

    expect(result.isError).toBeFalsy();
    expect(heard).toEqual([
      { progress: 1, message: "running openspec validate" },
      { progress: 2, message: "still running openspec validate" },
    ]);
  });

  it("GIVEN a call with a progress token that reports nothing WHEN it runs for over a second THEN the host's heartbeat tells the client it still runs", async () => {
    const client = await connect([slowTool("quiet", () => waitFor(2500))]);
    const heard: Progress[] = [];

    await client.callTool({ name: "quiet", arguments: {} }, undefined, {
      onprogress: (progress) => heard.push(progress),
    });

    expect(heard.length).toBeGreaterThan(0);
    expect(heard[0]?.message).toMatch(/^quiet still running after \d+ s$/);
    const values = heard.map((progress) => progress.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
  });

  it("GIVEN a call without a progress token WHEN it reports steps THEN no progress is sent", async () => {
    const client = await connect([
      slowTool("stepper", async ({ call }) => {
        call.onProgress?.({ message: "running openspec list" });
      }),
    ]);
    let notifications = 0;
    client.fallbackNotificationHandler = async () => {
      notifications += 1;
    };

    await client.callTool({ name: "stepper", arguments: {} });
    await client.ping();

    expect(notifications).toBe(0);
  });

  it("GIVEN a running call WHEN the client cancels it with its AbortSignal THEN the handler's signal is aborted, and a later call is answered", async () => {
    let sawAbort = false;
    const client = await connect([
      slowTool("until-cancelled", async ({ call }) => {
        await aborted(call.signal);
        sawAbort = call.signal?.aborted === true;
      }),
      slowTool("quick", async () => {}),
    ]);
    const controller = new AbortController();

    const pending = client.callTool({ name: "until-cancelled", arguments: {} }, undefined, {
      signal: controller.signal,
    });
    await waitFor(100);
    controller.abort("the user changed their mind");

    await expect(pending).rejects.toThrow();
    await expect.poll(() => sawAbort, { timeout: 10_000 }).toBe(true);
    expect(await client.callTool({ name: "quick", arguments: {} })).toMatchObject({
      structuredContent: { ok: true },
    });
  });
});
