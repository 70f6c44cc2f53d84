import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach, describe, expect, it } from "vitest";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";

let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  client = undefined;
  removeTemporaryFolders();
});

/** A deadline generous enough for a loaded machine; the condition, not the time, is what is checked. */
async function eventually(
  condition: () => boolean,
  what: string,
  deadlineMs = 60_000,
): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > deadlineMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function text(read: { contents: ({ text: string } | { blob: string })[] }): string {
  const [content] = read.contents;
  return content !== undefined && "text" in content ? content.text : "";
}

describe("GIVEN the built server over stdio and a repository made by openspec init", () => {
  it("WHEN a client lists, completes, reads and subscribes to resources THEN it gets every resource once, each kind's text, and the notifications", {
    timeout: 180_000,
  }, async () => {
    const files: Record<string, string> = {
      ...DARK_MODE_CHANGE,
      "openspec/specs/platform/session/spec.md": AUTH_SPEC,
      "openspec/changes/archive/2026-01-02-add-login/proposal.md":
        "# Add login\n\n## Why\n\nPeople need to sign in.\n",
    };
    for (let i = 0; i < 150; i++) files[`openspec/specs/cap-${i}/spec.md`] = AUTH_SPEC;
    const root = makeOpenSpecRepository(files);

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [PUBLISHED_BIN],
      env: serverEnvironment({ cli: true }).env,
      stderr: "pipe",
    });
    client = new Client(
      { name: "resource-check", version: "0" },
      { jsonSchemaValidator: legacyClientValidator },
    );
    const updated: string[] = [];
    let listChanged = 0;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updated.push(n.params.uri);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      listChanged++;
    });
    await client.connect(transport);
    expect(client.getServerCapabilities()?.resources).toEqual({
      subscribe: true,
      listChanged: true,
    });
    const added = await client.callTool({
      name: "openspec_source_add",
      arguments: { path: root, name: "shop" },
    });
    expect(added.structuredContent).toMatchObject({ ok: true });

    const uris: string[] = [];
    let pages = 0;
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      uris.push(...page.resources.map((resource) => resource.uri));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBe(2);
    expect(uris).toHaveLength(153);
    expect(new Set(uris).size).toBe(153);
    expect(uris).toEqual(expect.arrayContaining(["openspec://shop/specs/platform/session"]));

    const templates = (await client.listResourceTemplates()).resourceTemplates;
    expect(templates.map((template) => template.name)).toEqual([
      "spec",
      "change",
      "change-proposal",
      "change-tasks",
      "change-design",
      "archived-change",
      "idea",
      "skill",
    ]);
    const completed = await client.complete({
      ref: { type: "ref/resource", uri: "openspec://{source}/specs/{+spec}" },
      argument: { name: "source", value: "s" },
    });
    expect(completed.completion.values).toEqual(["shop"]);

    expect(text(await client.readResource({ uri: "openspec://shop/specs/platform/session" }))).toBe(
      AUTH_SPEC,
    );
    expect(
      text(await client.readResource({ uri: "openspec://shop/changes/add-dark-mode" })),
    ).toContain("- Tasks: 1 of 2 done");
    for (const artifact of ["proposal", "tasks", "design"]) {
      const read = await client.readResource({
        uri: `openspec://shop/changes/add-dark-mode/${artifact}`,
      });
      expect(text(read)).toBe(DARK_MODE_CHANGE[`openspec/changes/add-dark-mode/${artifact}.md`]);
    }
    expect(
      text(
        await client.readResource({ uri: "openspec://shop/changes/archive/2026-01-02-add-login" }),
      ),
    ).toContain("People need to sign in.");
    await expect(
      client.readResource({ uri: "openspec://shop/specs/billing" }),
    ).rejects.toMatchObject({
      code: -32002,
    });

    const tasks = "openspec://shop/changes/add-dark-mode/tasks";
    await client.subscribeResource({ uri: tasks });
    writeFileSync(join(root, "openspec/changes/add-dark-mode/tasks.md"), "- [x] 1.1 Done\n");
    await eventually(() => updated.includes(tasks), "resources/updated for tasks.md");

    const before = listChanged;
    const created = await client.callTool({
      name: "openspec_change_create",
      arguments: {
        source: "shop",
        name: "add-search",
        why: "People cannot find old orders in a long list, so they call support instead.",
        what_changes: ["Add a search box."],
      },
    });
    expect(created.structuredContent, JSON.stringify(created.structuredContent)).toMatchObject({
      ok: true,
    });
    await eventually(
      () => listChanged > before,
      "resources/list_changed after a change was created",
    );
    const after = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(after).toContain("openspec://shop/changes/add-search");
  });
});
