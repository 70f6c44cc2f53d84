import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ErrorCode,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { createCatalog } from "@org/openspec-core";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "./test-support/eventually.js";
import { closeInMemorySessions, openInMemorySession } from "./test-support/in-memory-session.js";
import { serverEnvironment } from "./test-support/sandbox.js";

afterEach(async () => {
  await closeInMemorySessions();
  removeTemporaryFolders();
});

async function connect() {
  const { home, env } = serverEnvironment();
  const updated: string[] = [];
  let listChanged = 0;
  const { client } = await openInMemorySession(createCatalog({ env, home }), (client) => {
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updated.push(n.params.uri);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      listChanged++;
    });
  });
  return { client, updated, listChanged: () => listChanged };
}

async function addSource(client: Client, path: string, name: string): Promise<void> {
  const added = await client.callTool({ name: "openspec_source_add", arguments: { path, name } });
  expect(added.structuredContent).toMatchObject({ ok: true });
}

describe("resource notifications", () => {
  it("GIVEN subscribed resources WHEN one file is rewritten THEN resources/updated names that resource and not the untouched one", async () => {
    const { client, updated } = await connect();
    const root = makeOpenSpecRepository({
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      ...DARK_MODE_CHANGE,
    });
    await addSource(client, root, "shop");
    const tasks = "openspec://shop/changes/add-dark-mode/tasks";
    const overview = "openspec://shop/changes/add-dark-mode";
    const spec = "openspec://shop/specs/auth";
    for (const uri of [tasks, overview, spec]) await client.subscribeResource({ uri });

    writeFileSync(
      join(root, "openspec/changes/add-dark-mode/tasks.md"),
      "- [x] 1.1 Pick colours\n- [x] 1.2 Ship it\n",
    );
    await eventually(() => updated.includes(tasks) && updated.includes(overview), "tasks updated");
    expect(updated).not.toContain(spec);
    const read = await client.readResource({ uri: overview });
    expect(read.contents[0]).toMatchObject({ text: expect.stringContaining("2 of 2 done") });

    await client.unsubscribeResource({ uri: tasks });
    updated.length = 0;
    writeFileSync(
      join(root, "openspec/specs/auth/spec.md"),
      AUTH_SPEC.replace("# Auth", "# Login"),
    );
    writeFileSync(join(root, "openspec/changes/add-dark-mode/tasks.md"), "- [ ] 1.1 Again\n");
    await eventually(() => updated.includes(spec) && updated.includes(overview), "spec updated");
    expect(updated).not.toContain(tasks);
  });

  it("GIVEN a subscription to a design that does not exist yet WHEN the file is written THEN resources/updated arrives", async () => {
    const { client, updated } = await connect();
    const root = makeOpenSpecRepository({ ...DARK_MODE_CHANGE });
    rmSync(join(root, "openspec/changes/add-dark-mode/design.md"));
    await addSource(client, root, "shop");
    const design = "openspec://shop/changes/add-dark-mode/design";
    await expect(client.readResource({ uri: design })).rejects.toMatchObject({ code: -32002 });
    await client.subscribeResource({ uri: design });
    writeFileSync(join(root, "openspec/changes/add-dark-mode/design.md"), "# Design\n\nLater.\n");
    await eventually(() => updated.includes(design), "design updated");
    await expect(client.subscribeResource({ uri: "openspec://shop/../x" })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });

  it("GIVEN a subscribed spec WHEN the whole openspec/ folder is replaced by another THEN resources/updated still arrives", async () => {
    const { client, updated } = await connect();
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    await addSource(client, root, "shop");
    const spec = "openspec://shop/specs/auth";
    await client.subscribeResource({ uri: spec });
    const replacement = join(root, "openspec-next");
    cpSync(join(root, "openspec"), replacement, { recursive: true });
    writeFileSync(join(replacement, "specs/auth/spec.md"), AUTH_SPEC.replace("# Auth", "# Login"));
    renameSync(join(root, "openspec"), join(root, "openspec-old"));
    renameSync(replacement, join(root, "openspec"));
    await eventually(() => updated.includes(spec), "spec updated after the folder was replaced");
    updated.length = 0;
    writeFileSync(join(root, "openspec/specs/auth/spec.md"), AUTH_SPEC);
    await eventually(() => updated.includes(spec), "spec updated in the new folder");
  });

  it("GIVEN a client that listed resources WHEN changes are created and archived, specs removed and sources added and removed THEN list_changed arrives each time", async () => {
    const { client, listChanged } = await connect();
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    await addSource(client, root, "shop");
    await client.listResources();
    let seen = listChanged();

    const step = async (what: string, act: () => Promise<void> | void) => {
      await act();
      await eventually(() => listChanged() > seen, what);
      seen = listChanged();
    };
    await step("a change created", () => {
      mkdirSync(join(root, "openspec/changes/add-search"), { recursive: true });
      writeFileSync(
        join(root, "openspec/changes/add-search/proposal.md"),
        "# Search\n\n## Why\n\nFind.\n",
      );
    });
    await step("a change archived", () => {
      mkdirSync(join(root, "openspec/changes/archive"), { recursive: true });
      renameSync(
        join(root, "openspec/changes/add-search"),
        join(root, "openspec/changes/archive/2026-01-02-add-search"),
      );
    });
    await step("a spec added", () => {
      mkdirSync(join(root, "openspec/specs/billing"), { recursive: true });
      writeFileSync(join(root, "openspec/specs/billing/spec.md"), AUTH_SPEC);
    });
    await step("a spec removed", () =>
      rmSync(join(root, "openspec/specs/auth"), { recursive: true }),
    );
    const other = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC }, "other");
    await step("a source added", () => addSource(client, other, "other"));
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toContain("openspec://other/specs/auth");
    expect(uris).toContain("openspec://shop/changes/archive/2026-01-02-add-search");
    await step("a source removed", async () => {
      await client.callTool({ name: "openspec_source_remove", arguments: { source: "other" } });
    });
    expect((await client.listResources()).resources.map((r) => r.uri)).not.toContain(
      "openspec://other/specs/auth",
    );
  });
});
