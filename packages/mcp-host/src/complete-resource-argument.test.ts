import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createCatalog } from "@org/openspec-core";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { closeInMemorySessions, openInMemorySession } from "./test-support/in-memory-session.js";
import { serverEnvironment } from "./test-support/sandbox.js";

afterEach(async () => {
  await closeInMemorySessions();
  removeTemporaryFolders();
});

async function connect(): Promise<Client> {
  const { home, env } = serverEnvironment();
  return (await openInMemorySession(createCatalog({ env, home }))).client;
}

function repository(name: string, changes: readonly string[]): string {
  const files: Record<string, string> = {
    "openspec/specs/auth/spec.md": AUTH_SPEC,
    "openspec/specs/platform/session/spec.md": AUTH_SPEC,
    "openspec/changes/archive/2026-01-02-add-login/proposal.md": "# Login\n\n## Why\n\nSign in.\n",
  };
  for (const change of changes) {
    for (const [path, content] of Object.entries(DARK_MODE_CHANGE)) {
      files[path.replace("add-dark-mode", change)] = content;
    }
  }
  return makeOpenSpecRepository(files, name);
}

async function complete(
  client: Client,
  uri: string,
  name: string,
  value: string,
  args?: Record<string, string>,
): Promise<string[]> {
  const answer = await client.complete({
    ref: { type: "ref/resource", uri },
    argument: { name, value },
    ...(args ? { context: { arguments: args } } : {}),
  });
  return answer.completion.values;
}

describe("completion of resource template variables", () => {
  it("GIVEN one registered source WHEN each template variable is completed THEN sources, spec ids, active and archived changes come from the registry and the repository", async () => {
    const client = await connect();
    const path = repository("shop-repo", ["add-dark-mode", "add-passkeys"]);
    await client.callTool({ name: "openspec_source_add", arguments: { path, name: "shop" } });

    expect(await complete(client, "openspec://{source}/specs/{+spec}", "source", "sh")).toEqual([
      "shop",
    ]);
    expect(await complete(client, "openspec://{source}/specs/{+spec}", "spec", "")).toEqual([
      "auth",
      "platform/session",
    ]);
    expect(await complete(client, "openspec://{source}/specs/{+spec}", "spec", "plat")).toEqual([
      "platform/session",
    ]);
    expect(
      await complete(client, "openspec://{source}/changes/{change}/tasks", "change", "add-p"),
    ).toEqual(["add-passkeys"]);
    expect(
      await complete(client, "openspec://{source}/changes/archive/{change}", "change", ""),
    ).toEqual(["2026-01-02-add-login"]);
  });

  it("GIVEN two sources WHEN a change is completed THEN context.arguments.source picks the repository, and without it nothing is guessed", async () => {
    const client = await connect();
    for (const [name, changes] of [
      ["shop", ["add-dark-mode"]],
      ["blog", ["add-comments"]],
    ] as const) {
      const path = repository(`${name}-repo`, changes);
      await client.callTool({ name: "openspec_source_add", arguments: { path, name } });
    }
    const template = "openspec://{source}/changes/{change}";
    expect(await complete(client, template, "source", "")).toEqual(["blog", "shop"]);
    expect(await complete(client, template, "change", "", { source: "blog" })).toEqual([
      "add-comments",
    ]);
    expect(await complete(client, template, "change", "")).toEqual([]);
    expect(await complete(client, "openspec://{source}/nothing", "source", "")).toEqual([]);
    expect(await complete(client, template, "spec", "", { source: "blog" })).toEqual([]);

    // The prompts' completion shares the handler and still answers.
    const prompt = await client.complete({
      ref: { type: "ref/prompt", name: "apply" },
      argument: { name: "change", value: "" },
      context: { arguments: { source: "shop" } },
    });
    expect(prompt.completion.values).toEqual(["add-dark-mode"]);
  });
});
