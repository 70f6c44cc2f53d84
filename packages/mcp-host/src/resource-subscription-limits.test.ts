import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ErrorCode, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { folderWatchStats, watchFolder } from "@org/openspec-artifacts";
import { type Catalog, createCatalog } from "@org/openspec-core";
import { AUTH_SPEC, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { RESOURCE_NOT_FOUND } from "./resource-error.js";
import { createSubscriptionBudget } from "./subscription-budget.js";
import { eventually } from "./test-support/eventually.js";
import { useHttpServers } from "./test-support/http-harness.js";
import { closeInMemorySessions, openInMemorySession } from "./test-support/in-memory-session.js";
import { serverEnvironment } from "./test-support/sandbox.js";

const closing: (() => void)[] = [];

afterEach(async () => {
  await closeInMemorySessions();
  for (const close of closing.splice(0)) close();
  removeTemporaryFolders();
});

/** A repository of `count` specs, `spec-0` … `spec-<count - 1>`. */
function repositoryOfSpecs(name: string, count: number): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) files[`openspec/specs/spec-${i}/spec.md`] = AUTH_SPEC;
  return makeOpenSpecRepository(files, name);
}

async function catalogWith(sources: Record<string, string>): Promise<Catalog> {
  const { home, env } = serverEnvironment();
  const catalog = createCatalog({ env, home });
  closing.push(() => catalog.close());
  for (const [name, path] of Object.entries(sources)) {
    expect(await catalog.call("openspec_source_add", { path, name })).toMatchObject({ ok: true });
  }
  return catalog;
}

function countFolders(folder: string): number {
  let count = 1;
  for (const entry of readdirSync(folder, { withFileTypes: true }))
    if (entry.isDirectory()) count += countFolders(join(folder, entry.name));
  return count;
}

const specUri = (source: string, i: number) => `openspec://${source}/specs/spec-${i}`;

describe("resource subscriptions are bounded", () => {
  const startHttpServer = useHttpServers();

  it("GIVEN a session allowed 3 subscriptions WHEN it asks for a fourth THEN it is refused with a sentence saying what to do, and unsubscribing makes room", async () => {
    const catalog = await catalogWith({ shop: repositoryOfSpecs("shop", 4) });
    const { client } = await openInMemorySession(catalog, undefined, { maxSubscriptions: 3 });
    for (let i = 0; i < 3; i++) await client.subscribeResource({ uri: specUri("shop", i) });
    // A resource already followed takes no second place.
    await client.subscribeResource({ uri: specUri("shop", 0) });

    const refusal = client.subscribeResource({ uri: specUri("shop", 3) });
    await expect(refusal).rejects.toMatchObject({
      code: ErrorCode.InvalidRequest,
      data: { code: "subscription_limit", scope: "session", limit: 3, uri: specUri("shop", 3) },
    });
    await expect(refusal).rejects.toThrow(/holds 3 resource subscriptions.*resources\/unsubscribe/);

    await client.unsubscribeResource({ uri: specUri("shop", 1) });
    await client.subscribeResource({ uri: specUri("shop", 3) });
  });

  it("GIVEN two sessions sharing a server-wide budget of 4 WHEN together they ask for a fifth THEN it is refused for the server, and a closed session gives its places back", async () => {
    const catalog = await catalogWith({ shop: repositoryOfSpecs("shop", 6) });
    const budget = createSubscriptionBudget(4);
    const first = await openInMemorySession(catalog, undefined, { subscriptionBudget: budget });
    const second = await openInMemorySession(catalog, undefined, { subscriptionBudget: budget });
    for (let i = 0; i < 3; i++) await first.client.subscribeResource({ uri: specUri("shop", i) });
    await second.client.subscribeResource({ uri: specUri("shop", 3) });
    await expect(
      second.client.subscribeResource({ uri: specUri("shop", 4) }),
    ).rejects.toMatchObject({
      code: ErrorCode.InvalidRequest,
      data: { code: "subscription_limit", scope: "server", limit: 4 },
    });
    expect(budget.used()).toBe(4);

    await first.server.close();
    expect(budget.used()).toBe(1);
    await second.client.subscribeResource({ uri: specUri("shop", 4) });
    await second.client.subscribeResource({ uri: specUri("shop", 5) });
  });

  it("GIVEN subscriptions in two sources WHEN a file of one source changes THEN only that source's subscriptions are read again", async () => {
    const shop = repositoryOfSpecs("shop", 10);
    const other = repositoryOfSpecs("other", 10);
    const catalog = await catalogWith({ shop, other });
    const identifiers: string[] = [];
    const counting: Catalog = {
      ...catalog,
      call: (name, args) => {
        if (name === "openspec_context")
          identifiers.push(String((args as { identifier: string }).identifier));
        return catalog.call(name, args);
      },
    };
    // The folders are watched before the session comes, so no walk finishing later causes a read.
    for (const root of [shop, other]) {
      const held = watchFolder(join(root, "openspec"), () => {});
      closing.push(() => held.close());
      await held.ready;
    }
    const updated: string[] = [];
    const { client } = await openInMemorySession(counting, (client) => {
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
        updated.push(notification.params.uri);
      });
    });
    // The other source's first: a server that reads every subscription in turn reads them before shop's.
    for (let i = 0; i < 10; i++) await client.subscribeResource({ uri: specUri("other", i) });
    for (let i = 0; i < 10; i++) await client.subscribeResource({ uri: specUri("shop", i) });

    identifiers.length = 0;
    writeFileSync(
      join(shop, "openspec/specs/spec-7/spec.md"),
      AUTH_SPEC.replace("# Auth", "# Login"),
    );
    await eventually(() => updated.includes(specUri("shop", 7)), "shop's spec-7 to be reported");
    await eventually(
      () => identifiers.filter((identifier) => identifier.startsWith("shop/")).length >= 10,
      "every subscription of shop to be read again",
    );

    expect(updated).toEqual([specUri("shop", 7)]);
    expect(identifiers.filter((identifier) => identifier.startsWith("other/"))).toEqual([]);
  });

  it("GIVEN an HTTP server whose tokens may hold 3 subscriptions each of its 4 WHEN one token's two sessions take 3 THEN its next is refused for the token, while another token still subscribes", async () => {
    const http = await startHttpServer({
      maxSubscriptionsPerSession: 2,
      maxSubscriptionsPerToken: 3,
      maxSubscriptions: 4,
    });
    const owner = await http.connect(http.token("owner"));
    const added = await owner.callTool({
      name: "openspec_source_add",
      arguments: { path: repositoryOfSpecs("shop", 6), name: "shop" },
    });
    expect(added.structuredContent).toMatchObject({ ok: true });
    const greedy = http.token("greedy", true);
    const first = await http.connect(greedy);
    const second = await http.connect(greedy);
    await first.subscribeResource({ uri: specUri("shop", 0) });
    await first.subscribeResource({ uri: specUri("shop", 1) });
    await second.subscribeResource({ uri: specUri("shop", 2) });

    const refusal = second.subscribeResource({ uri: specUri("shop", 3) });
    await expect(refusal).rejects.toMatchObject({
      code: ErrorCode.InvalidRequest,
      data: { code: "subscription_limit", scope: "token", limit: 3, uri: specUri("shop", 3) },
    });
    await expect(refusal).rejects.toThrow(/sessions of this token hold 3 resource subscriptions/);
    const other = await http.connect(http.token("other", true));
    await other.subscribeResource({ uri: specUri("shop", 4) });

    // The greedy token's places come back when it lets one go.
    await first.unsubscribeResource({ uri: specUri("shop", 0) });
    await second.subscribeResource({ uri: specUri("shop", 3) });
  });

  it("GIVEN a registered source WHEN a session subscribes to a source, change or spec that does not exist THEN it is refused as not found and takes no place, while a file not yet written in a change that exists may be followed", async () => {
    const repository = makeOpenSpecRepository({
      "openspec/changes/add-search/proposal.md":
        "## Why\nSearch.\n\n## What Changes\n- Add search.\n",
      "openspec/specs/spec-0/spec.md": AUTH_SPEC,
    });
    const catalog = await catalogWith({ shop: repository });
    const budget = createSubscriptionBudget(10);
    const { client } = await openInMemorySession(catalog, undefined, {
      subscriptionBudget: budget,
    });

    for (const uri of [
      "openspec://made-up/specs/spec-0",
      "openspec://shop/specs/made-up",
      "openspec://shop/changes/made-up",
      "openspec://shop/changes/made-up/proposal",
    ]) {
      const refusal = client.subscribeResource({ uri });
      await expect(refusal, uri).rejects.toMatchObject({
        code: RESOURCE_NOT_FOUND,
        data: { uri },
      });
      await expect(refusal, uri).rejects.toThrow(/Subscribe once it exists/);
    }
    expect(budget.used()).toBe(0);

    await client.subscribeResource({ uri: "openspec://shop/changes/add-search/design" });
    await client.subscribeResource({ uri: specUri("shop", 0) });
    expect(budget.used()).toBe(2);
  });

  it("GIVEN two sessions that list resources THEN they share one watch per source folder, closed with the last session", async () => {
    const shop = repositoryOfSpecs("shop", 3);
    const other = repositoryOfSpecs("other", 3);
    const catalog = await catalogWith({ shop, other });
    const folders = countFolders(join(shop, "openspec")) + countFolders(join(other, "openspec"));
    const before = folderWatchStats();
    const first = await openInMemorySession(catalog);
    await first.client.listResources();
    await eventually(
      () => folderWatchStats().folders === before.folders + 2,
      "both folders watched",
    );
    await eventually(
      () => folderWatchStats().watchers === before.watchers + folders,
      "every folder of both trees watched",
    );
    const one = folderWatchStats();

    const second = await openInMemorySession(catalog);
    await second.client.listResources();
    expect(folderWatchStats()).toEqual({ ...one, subscribers: one.subscribers + 2 });

    await first.server.close();
    expect(folderWatchStats().watchers).toBe(one.watchers);
    await second.server.close();
    expect(folderWatchStats()).toEqual(before);
  });
});
