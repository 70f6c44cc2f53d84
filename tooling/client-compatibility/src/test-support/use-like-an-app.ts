import { expect } from "vitest";

/** What the MCP SDK's `Client` and the AI SDK's `MCPClient` both offer an app, as far as it is used here. */
export type AppClient = {
  listTools(): Promise<{ tools: { name: string; outputSchema?: { type?: unknown } }[] }>;
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<object>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  readResource(request: { uri: string }): Promise<{ contents: object[] }>;
  listPrompts(): Promise<{ prompts: { name: string }[] }>;
};

/**
 * What an app does with a client of the demo home's server: list the tools,
 * call a read tool, call one with bad input (`target: 42`), list resources,
 * read the `auth` spec, list prompts. Returns each answer as the client gives it.
 */
export async function useLikeAnApp(client: AppClient) {
  const { tools } = await client.listTools();
  const read = await client.callTool({ name: "openspec_list", arguments: { source: "demo" } });
  const badInput = await client.callTool({
    name: "openspec_show",
    arguments: { source: "demo", target: 42 },
  });
  const { resources } = await client.listResources();
  const spec = await client.readResource({ uri: "openspec://demo/specs/auth" });
  const { prompts } = await client.listPrompts();
  return { tools, read, badInput, resources, spec, prompts };
}

/** The answers the demo home's server gives every client, whatever its revision or transport. */
export function expectTheDemoAnswers(seen: Awaited<ReturnType<typeof useLikeAnApp>>): void {
  expect(seen.tools.map((tool) => tool.name)).toContain("openspec_list");
  expect(seen.tools.find((tool) => tool.name === "openspec_list")?.outputSchema?.type).toBe(
    "object",
  );
  expect(seen.read).toMatchObject({
    structuredContent: {
      ok: true,
      stdout: { changes: [expect.objectContaining({ name: "add-dark-mode" })] },
    },
  });
  // Bad input is a tool result the model reads, never a protocol error that ends the client.
  expect(seen.badInput).toMatchObject({
    isError: true,
    structuredContent: { ok: false, code: "invalid_input", issues: [{ path: "target" }] },
  });
  expect(seen.resources.map((resource) => resource.uri)).toEqual(
    expect.arrayContaining(["openspec://demo/specs/auth", "openspec://demo/changes/add-dark-mode"]),
  );
  expect(JSON.stringify(seen.spec.contents)).toContain("### Requirement: Sign in");
  expect(seen.prompts.map((prompt) => prompt.name)).toContain("explore");
}
