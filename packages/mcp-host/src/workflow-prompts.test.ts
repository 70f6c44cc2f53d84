import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ErrorCode, GetPromptResultSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { renderWorkflow, workflowCatalog } from "@org/openspec-core";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach, describe, expect, it } from "vitest";
import { STDIO_SERVER, serverEnvironment } from "./test-support/sandbox.js";

const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  removeTemporaryFolders();
});

/** The built server started over stdio in a home of its own, as an MCP client starts it. */
async function startClient(): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [STDIO_SERVER],
    env: serverEnvironment().env,
    stderr: "pipe",
  });
  const client = new Client(
    { name: "prompt-check", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function addSource(client: Client, path: string, name: string): Promise<void> {
  const added = await client.callTool({ name: "openspec_source_add", arguments: { path, name } });
  expect(added.structuredContent).toMatchObject({ ok: true });
}

function changeRepository(name: string, changes: readonly string[]): string {
  const files: Record<string, string> = { "openspec/specs/auth/spec.md": AUTH_SPEC };
  for (const change of changes) {
    for (const [path, content] of Object.entries(DARK_MODE_CHANGE)) {
      files[path.replace("add-dark-mode", change)] = content;
    }
  }
  return makeOpenSpecRepository(files, name);
}

describe("workflow prompts over stdio", () => {
  it("GIVEN a client WHEN it pages through prompts/list and gets each prompt THEN every workflow comes back filled in", async () => {
    const client = await startClient();
    expect(client.getServerCapabilities()).toMatchObject({ prompts: {}, completions: {} });

    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listPrompts(cursor === undefined ? {} : { cursor });
      names.push(...page.prompts.map((prompt) => prompt.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(names).toEqual(workflowCatalog.map((workflow) => workflow.name));

    const listed = await client.listPrompts();
    for (const workflow of workflowCatalog) {
      const prompt = listed.prompts.find((entry) => entry.name === workflow.name);
      expect(prompt?.arguments).toEqual(
        workflow.arguments.map(({ name, description, required }) => ({
          name,
          description,
          required,
        })),
      );
      const args = { source: "shop", change: "add-dark-mode" };
      const given = Object.fromEntries(
        workflow.arguments
          .filter((a) => a.name in args)
          .map((a) => [a.name, args[a.name as keyof typeof args]]),
      );
      const answer = await client.getPrompt({ name: workflow.name, arguments: given });
      const expected = renderWorkflow(workflow.name, given);
      expect(expected.ok).toBe(true);
      expect(answer.description).toBe(workflow.description);
      expect(answer.messages).toEqual([
        { role: "user", content: { type: "text", text: expected.ok ? expected.text : "" } },
      ]);
      expect(answer.messages[0]?.content).toMatchObject({
        text: expect.stringContaining('"shop"'),
      });
    }
  });

  it("GIVEN a prompt whose change is required WHEN it is got without one THEN the client gets an invalid-params error naming the argument", async () => {
    const client = await startClient();
    const failing = client.getPrompt({ name: "sync-specs", arguments: { source: "shop" } });
    await expect(failing).rejects.toBeInstanceOf(McpError);
    await expect(failing).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('"change"'),
    });
    await expect(client.getPrompt({ name: "deploy" })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
    // Malformed params are the client's mistake too, not an internal error of the server.
    await expect(
      client.request(
        { method: "prompts/get", params: { arguments: { change: 5 } } },
        GetPromptResultSchema,
      ),
    ).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining("name"),
    });
  });

  it("GIVEN two registered sources WHEN source and change are completed THEN names come from the registry and the named source's active changes", async () => {
    const client = await startClient();
    await addSource(
      client,
      changeRepository("shop-repo", ["add-dark-mode", "add-passkeys"]),
      "shop",
    );
    await addSource(client, changeRepository("shelf-repo", ["remove-legacy"]), "shelf");
    const complete = async (argument: string, value: string, context?: Record<string, string>) =>
      (
        await client.complete({
          ref: { type: "ref/prompt", name: "apply" },
          argument: { name: argument, value },
          ...(context === undefined ? {} : { context: { arguments: context } }),
        })
      ).completion;

    expect(await complete("source", "")).toMatchObject({ values: ["shelf", "shop"], total: 2 });
    expect((await complete("source", "SHO")).values).toEqual(["shop"]);
    expect(await complete("change", "add", { source: "shop" })).toMatchObject({
      values: ["add-dark-mode", "add-passkeys"],
      total: 2,
      hasMore: false,
    });
    expect((await complete("change", "", { source: "shelf" })).values).toEqual(["remove-legacy"]);
    // Two sources and none named: guessing one would offer changes of the wrong repository.
    expect((await complete("change", "")).values).toEqual([]);
    expect((await complete("change", "", { source: "nowhere" })).values).toEqual([]);
  });

  it("GIVEN a single registered source WHEN change is completed without a source THEN that source's active changes are offered", async () => {
    const client = await startClient();
    await addSource(client, changeRepository("shop-repo", ["add-dark-mode"]), "shop");
    const answer = await client.complete({
      ref: { type: "ref/prompt", name: "archive" },
      argument: { name: "change", value: "" },
    });
    expect(answer.completion.values).toEqual(["add-dark-mode"]);
  });
});
