import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  setUpOpenSpecStore,
  temporaryFolder,
} from "@org/test-kit";
import { describe, expect, it } from "vitest";
import { eventually } from "./test-support/eventually.js";
import { useHttpServers } from "./test-support/http-harness.js";

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })).structuredContent as Record<string, unknown>;

describe("what a token reaches over HTTP", () => {
  const startServer = useHttpServers();

  it("GIVEN a registered source and an unregistered repository WHEN tokens pass workdir THEN a read and a write are refused as workdir_not_allowed with a fix naming source, and nothing is written", async () => {
    const http = await startServer();
    const owner = await http.connect(http.token("owner"));
    const registered = makeOpenSpecRepository({}, "shop");
    const unregistered = makeOpenSpecRepository({}, "private");
    expect(await call(owner, "openspec_source_add", { path: registered })).toMatchObject({
      ok: true,
    });
    const reader = await http.connect(http.token("reader", true));

    const read = await call(reader, "openspec_spec_list", { workdir: unregistered });
    const insideSource = await call(reader, "openspec_spec_list", { workdir: registered });
    const write = await call(owner, "openspec_change_create", {
      workdir: unregistered,
      name: "add-leak",
      why: "Shoppers cannot find products by name, so they leave.",
      what_changes: ["Add a search box"],
    });
    const bySource = await call(reader, "openspec_spec_list", { source: "shop" });

    for (const refused of [read, insideSource, write]) {
      expect(refused).toMatchObject({ ok: false, code: "workdir_not_allowed" });
      expect(refused.fix).toMatch(/source/);
    }
    expect(readdirSync(join(unregistered, "openspec", "changes"))).toEqual(["archive"]);
    expect(existsSync(join(unregistered, "openspec", "changes", "add-leak"))).toBe(false);
    expect(bySource).toMatchObject({ ok: true });
  });

  it("GIVEN a server started with allowAnyWorkdir WHEN a token passes workdir THEN the call reaches that repository", async () => {
    const http = await startServer({ allowAnyWorkdir: true });
    const client = await http.connect(http.token("ops"));
    const repository = makeOpenSpecRepository();

    const created = await call(client, "openspec_change_create", {
      workdir: repository,
      name: "add-search",
      why: "Shoppers cannot find products by name, so they leave.",
      what_changes: ["Add a search box"],
    });

    expect(created).toMatchObject({ ok: true });
    expect(existsSync(join(repository, "openspec", "changes", "add-search"))).toBe(true);
  });

  it("GIVEN a registered source WHEN a token lists sources and runs the CLI on it THEN no answer holds the source's folder, which is named by the source; without auth the folder is given", async () => {
    const http = await startServer();
    const client = await http.connect(http.token("ci"));
    const repository = makeOpenSpecRepository({}, "billing");
    const added = await call(client, "openspec_source_add", { path: repository, name: "pay" });
    const listed = await call(client, "openspec_source_list", {});
    const cli = await call(client, "openspec_list", { source: "pay" });
    const missing = await call(client, "openspec_task_list", { source: "pay" });
    const local = await startServer({ noAuth: true, extraEnv: http.env });
    const localClient = await local.connect();
    const localList = await call(localClient, "openspec_source_list", {});

    for (const answer of [added, listed, cli, missing]) {
      expect(JSON.stringify(answer)).not.toContain(repository);
    }
    expect(listed).toMatchObject({ ok: true, sources: [{ name: "pay", path: "pay" }] });
    expect(cli).toMatchObject({ ok: true, workdir: "pay", stdout: { root: { path: "pay" } } });
    expect(missing).toMatchObject({ ok: false, error: expect.stringMatching(/^pay /) });
    expect(localList).toMatchObject({ ok: true, sources: [{ path: repository }] });
  });

  it("GIVEN a source that references a store registered on the server, stores allowed by the operator WHEN a token runs doctor, the CLI's context and doctor, and lists stores THEN no answer holds the store's folder, which is named store:<id>", async () => {
    // A team server reaches no stores unless its operator allows them.
    const http = await startServer({ extraEnv: { OPENSPEC_AGENT_ALLOW_STORES: "all" } });
    const stores = temporaryFolder("stores-");
    const storeFolder = setUpOpenSpecStore(http.env, "team", join(stores, "team"));
    const repository = makeOpenSpecRepository(
      { "openspec/config.yaml": "schema: spec-driven\nreferences:\n  - team\n" },
      "shop",
    );
    const owner = await http.connect(http.token("owner"));
    expect(
      await call(owner, "openspec_source_add", { path: repository, name: "shop" }),
    ).toMatchObject({ ok: true });
    const reader = await http.connect(http.token("reader", true));

    const doctor = await call(reader, "openspec_doctor", { source: "shop" });
    const context = await call(reader, "openspec_cli", { source: "shop", args: ["context"] });
    const cliDoctor = await call(reader, "openspec_cli", { source: "shop", args: ["doctor"] });
    const listed = await call(reader, "openspec_store_list", {});

    for (const answer of [doctor, context, cliDoctor, listed]) {
      expect(answer).toMatchObject({ ok: true });
      expect(JSON.stringify(answer)).not.toContain(stores);
      expect(JSON.stringify(answer)).not.toContain(storeFolder);
    }
    expect(doctor).toMatchObject({
      stdout: { references: [{ store_id: "team", root: "store:team" }] },
    });
    expect(context).toMatchObject({ stdout: { members: [{ id: "team", path: "store:team" }] } });
    expect(listed).toMatchObject({ stdout: { stores: [{ id: "team", root: "store:team" }] } });
  });

  it("GIVEN a registered source WHEN a token validates it and runs doctor through the CLI THEN the command names the programs without their install paths and no answer holds the server's home; without auth both are given", async () => {
    const http = await startServer();
    const repository = makeOpenSpecRepository(DARK_MODE_CHANGE, "shop");
    const client = await http.connect(http.token("ci"));
    expect(
      await call(client, "openspec_source_add", { path: repository, name: "shop" }),
    ).toMatchObject({ ok: true });
    const local = await startServer({ noAuth: true, extraEnv: http.env });
    const localClient = await local.connect();

    const validated = await call(client, "openspec_validate", { source: "shop" });
    const doctor = await call(client, "openspec_cli", { source: "shop", args: ["doctor"] });
    const localValidated = await call(localClient, "openspec_validate", { source: "shop" });

    const localCommand = localValidated.command as string[];
    expect(localCommand).toContain(REAL_OPENSPEC_BIN);
    expect(validated.command).toEqual(
      localCommand.map((word) => (isAbsolute(word) ? basename(word) : word)),
    );
    for (const answer of [validated, doctor]) {
      expect(answer).toMatchObject({ ok: true });
      expect(JSON.stringify(answer)).not.toContain(http.home);
      expect(JSON.stringify(answer)).not.toContain(dirname(REAL_OPENSPEC_BIN));
    }
  });

  it("GIVEN a read-only token that listed resources and subscribed to a spec WHEN the spec is edited twice and then a change is created THEN it hears resources/updated for each edit, list_changed only for the new change, and the change's resource names the source once, not its folder", async () => {
    const http = await startServer();
    const repository = makeOpenSpecRepository({
      ...DARK_MODE_CHANGE,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
    });
    const owner = await http.connect(http.token("owner"));
    expect(
      await call(owner, "openspec_source_add", { path: repository, name: "shop" }),
    ).toMatchObject({ ok: true });
    const reader = await http.connect(http.token("reader", true));
    const heard: string[] = [];
    reader.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      heard.push(`updated ${notification.params.uri}`);
    });
    reader.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      heard.push("list_changed");
    });
    const spec = "openspec://shop/specs/auth";
    const updates = () => heard.filter((event) => event === `updated ${spec}`).length;
    const specFile = join(repository, "openspec", "specs", "auth", "spec.md");

    await reader.listResources();
    await reader.subscribeResource({ uri: spec });
    writeFileSync(specFile, `${AUTH_SPEC}\n`);
    await eventually(
      () => updates() === 1,
      `resources/updated naming ${spec} after its first edit`,
    );
    // A second edit once the first was heard: the watch follows the file, not a first read that happened to come after the edit.
    writeFileSync(specFile, AUTH_SPEC.replace("# Auth", "# Sign-in"));
    await eventually(
      () => updates() === 2,
      `resources/updated naming ${spec} after its second edit`,
    );
    // Notifications arrive in the order sent: a list_changed for the edits would have come by now.
    expect(heard).toEqual([`updated ${spec}`, `updated ${spec}`]);

    mkdirSync(join(repository, "openspec", "changes", "add-search"));
    writeFileSync(
      join(repository, "openspec", "changes", "add-search", "proposal.md"),
      "## Why\nSearch.\n\n## What Changes\n- Add search.\n",
    );
    await eventually(
      () => heard.includes("list_changed"),
      "notifications/resources/list_changed after the change add-search was created",
    );
    expect(heard).toEqual([`updated ${spec}`, `updated ${spec}`, "list_changed"]);
    const change = await reader.readResource({ uri: "openspec://shop/changes/add-dark-mode" });
    expect(JSON.stringify(change)).not.toContain(repository);
    expect(JSON.stringify(change)).toContain("add-dark-mode");
    expect(JSON.stringify(change)).toContain("- Source: shop\\n");
  });
});
