import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, ListResourcesResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { createCatalog } from "@org/openspec-core";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import type { OpenSpecMcpServer } from "./create-server.js";
import { resourceTemplates } from "./resource-templates.js";
import { closeInMemorySessions, openInMemorySession } from "./test-support/in-memory-session.js";
import { serverEnvironment } from "./test-support/sandbox.js";

afterEach(async () => {
  await closeInMemorySessions();
  removeTemporaryFolders();
});

const ARCHIVED = {
  "openspec/changes/archive/2026-01-02-add-login/proposal.md":
    "# Add login\n\n## Why\n\nPeople need to sign in.\n",
  "openspec/changes/archive/2026-01-02-add-login/tasks.md": "- [x] 1.1 Build it\n",
  "openspec/changes/archive/2026-01-02-add-login/design.md": "# Design\n\nSessions in cookies.\n",
};

/** A server in this process with its own registry, connected to an SDK client in memory. */
async function connect(
  maxArtifactBytes?: number,
): Promise<{ client: Client; server: OpenSpecMcpServer }> {
  const { home, env } = serverEnvironment();
  const catalog = createCatalog({
    env,
    home,
    ...(maxArtifactBytes === undefined ? {} : { maxArtifactBytes }),
  });
  return openInMemorySession(catalog);
}

async function addSource(client: Client, path: string, name: string): Promise<void> {
  const added = await client.callTool({ name: "openspec_source_add", arguments: { path, name } });
  expect(added.structuredContent).toMatchObject({ ok: true });
}

function shopRepository(): string {
  return makeOpenSpecRepository({
    "openspec/specs/auth/spec.md": AUTH_SPEC,
    "openspec/specs/platform/session/spec.md": AUTH_SPEC.replace("# Auth", "# Session"),
    ...DARK_MODE_CHANGE,
    ...ARCHIVED,
  });
}

async function listAll(client: Client): Promise<string[]> {
  const uris: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    uris.push(...page.resources.map((resource) => resource.uri));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return uris;
}

async function readText(client: Client, uri: string): Promise<string> {
  const read = await client.readResource({ uri });
  expect(read.contents).toHaveLength(1);
  expect(read.contents[0]).toMatchObject({ uri, mimeType: "text/markdown" });
  const [content] = read.contents;
  return content && "text" in content ? content.text : "";
}

describe("resources", () => {
  it("GIVEN a registered repository WHEN every kind of resource is read THEN each answers its file or the change's overview", async () => {
    const { client } = await connect();
    await addSource(client, shopRepository(), "shop");
    expect(client.getServerCapabilities()?.resources).toEqual({
      subscribe: true,
      listChanged: true,
    });

    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual(
      resourceTemplates.map((t) => t.uriTemplate),
    );
    expect(await listAll(client)).toEqual([
      "openspec://shop/changes/add-dark-mode",
      "openspec://shop/changes/archive/2026-01-02-add-login",
      "openspec://shop/specs/auth",
      "openspec://shop/specs/platform/session",
    ]);

    expect(await readText(client, "openspec://shop/specs/auth")).toBe(AUTH_SPEC);
    expect(await readText(client, "openspec://shop/specs/platform/session")).toContain("# Session");
    const files = DARK_MODE_CHANGE;
    for (const artifact of ["proposal", "tasks", "design"]) {
      expect(await readText(client, `openspec://shop/changes/add-dark-mode/${artifact}`)).toBe(
        files[`openspec/changes/add-dark-mode/${artifact}.md`],
      );
    }
    const overview = await readText(client, "openspec://shop/changes/add-dark-mode");
    expect(overview).toContain("# Change: add-dark-mode");
    expect(overview).toContain("- Tasks: 1 of 2 done");
    expect(overview).toContain("[design](openspec://shop/changes/add-dark-mode/design)");
    expect(overview).toContain("changes [the spec](openspec://shop/specs/ui)");
    expect(overview).toContain("## Proposal");
    expect(overview).toContain("People who work at night");

    const archived = await readText(client, "openspec://shop/changes/archive/2026-01-02-add-login");
    expect(archived).toContain("# Archived change: 2026-01-02-add-login");
    expect(archived).toContain("Sessions in cookies.");
    expect(archived).toContain("- [x] 1.1 Build it");
  });

  it("GIVEN a change with only tasks.md, as openspec list shows it WHEN resources are listed and read THEN it is there, its tasks read and its missing proposal said", async () => {
    const { client } = await connect();
    const tasks = "## 1. Work\n- [ ] 1.1 Do\n- [x] 1.2 Done\n";
    await addSource(
      client,
      makeOpenSpecRepository({ "openspec/changes/only-tasks/tasks.md": tasks }),
      "shop",
    );
    expect(await listAll(client)).toEqual(["openspec://shop/changes/only-tasks"]);
    const overview = await readText(client, "openspec://shop/changes/only-tasks");
    expect(overview).toContain("- Tasks: 1 of 2 done");
    expect(overview).toContain("- Scaffolded: the change has no proposal.md yet.");
    expect(await readText(client, "openspec://shop/changes/only-tasks/tasks")).toBe(tasks);
    await expect(
      client.readResource({ uri: "openspec://shop/changes/only-tasks/proposal" }),
    ).rejects.toThrow(/has no proposal\.md/);
  });

  it("GIVEN an idea, and a spec whose id is ideas/<slug> WHEN resources are listed and read THEN openspec://<source>/ideas/<slug> answers the idea file, the spec its own, and a symlinked idea is not offered", async () => {
    const { client } = await connect();
    const idea = "# Faster search\n\n## Source\n- Origin: human\n\n## Prompt\nIndex it.\n";
    const outside = join(temporaryFolder("outside-"), "secret.md");
    writeFileSync(outside, "secret\n");
    const root = makeOpenSpecRepository({
      "openspec/ideas/faster-search.md": idea,
      "openspec/specs/ideas/faster-search/spec.md": AUTH_SPEC,
    });
    symlinkSync(outside, join(root, "openspec/ideas/leak.md"));
    await addSource(client, root, "shop");
    expect(await listAll(client)).toEqual([
      "openspec://shop/ideas/faster-search",
      "openspec://shop/specs/ideas/faster-search",
    ]);
    expect(await readText(client, "openspec://shop/ideas/faster-search")).toBe(idea);
    expect(await readText(client, "openspec://shop/specs/ideas/faster-search")).toBe(AUTH_SPEC);
    await expect(client.readResource({ uri: "openspec://shop/ideas/leak" })).rejects.toThrow(
      /leak/,
    );
    await expect(client.readResource({ uri: "openspec://shop/ideas/none" })).rejects.toMatchObject({
      code: -32002,
    });
    const completed = await client.complete({
      ref: { type: "ref/resource", uri: "openspec://{source}/ideas/{idea}" },
      argument: { name: "idea", value: "fa" },
      context: { arguments: { source: "shop" } },
    });
    expect(completed.completion.values).toEqual(["faster-search"]);
  });

  it("GIVEN a change and a spec that share a name WHEN each is read THEN each resource answers its own artifact", async () => {
    const { client } = await connect();
    const files: Record<string, string> = { "openspec/specs/auth/spec.md": AUTH_SPEC };
    for (const [path, content] of Object.entries(DARK_MODE_CHANGE)) {
      files[path.replace("add-dark-mode", "auth")] = content;
    }
    await addSource(client, makeOpenSpecRepository(files), "shop");
    expect(await readText(client, "openspec://shop/specs/auth")).toBe(AUTH_SPEC);
    expect(await readText(client, "openspec://shop/changes/auth/design")).toBe(
      "# Design\n\nUse CSS variables.\n",
    );
  });

  it("GIVEN missing or unsafe URIs WHEN they are read THEN each is a JSON-RPC error with a sentence, and the server keeps answering", async () => {
    const { client } = await connect();
    const root = shopRepository();
    const outside = temporaryFolder("outside-");
    mkdirSync(join(outside, "leak"));
    writeFileSync(join(outside, "leak", "spec.md"), AUTH_SPEC);
    symlinkSync(join(outside, "leak"), join(root, "openspec", "specs", "leak"));
    await addSource(client, root, "shop");

    const notFound = [
      "openspec://nowhere/specs/auth",
      "openspec://shop/specs/billing",
      "openspec://shop/specs/leak",
      "openspec://shop/changes/add-passkeys",
      "openspec://shop/changes/archive/add-dark-mode",
      "openspec://shop/changes/2026-01-02-add-login",
    ];
    for (const uri of notFound) {
      await expect(client.readResource({ uri }), uri).rejects.toMatchObject({
        code: -32002,
        message: expect.stringMatching(/\. .+/),
      });
    }
    const malformed = [
      "file:///etc/passwd",
      "openspec://shop/specs/../../etc",
      "openspec://shop/specs/..%2F..%2Fetc",
      "openspec://shop/specs/%2Fetc%2Fpasswd",
      "openspec://shop/specs/a%00b",
      "openspec://shop/changes/add-dark-mode/secrets",
      "openspec://shop/changes/archive",
      "openspec://shop//specs/auth",
      "openspec://shop/specs/%E0%A4%A",
    ];
    for (const uri of malformed) {
      await expect(client.readResource({ uri }), uri).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
        message: expect.stringContaining("resources/list"),
      });
    }
    expect(await readText(client, "openspec://shop/specs/auth")).toBe(AUTH_SPEC);
  });

  it("GIVEN a design larger than the cap and a tasks.md that is a FIFO WHEN they are read THEN the design comes cut with its size in _meta and the FIFO is an error saying so", async () => {
    const { client } = await connect(1024);
    const root = shopRepository();
    writeFileSync(
      join(root, "openspec/changes/add-dark-mode/design.md"),
      `# Design\n\n${"x".repeat(5000)}\n`,
    );
    rmSync(join(root, "openspec/changes/add-dark-mode/tasks.md"));
    execFileSync("mkfifo", [join(root, "openspec/changes/add-dark-mode/tasks.md")]);
    await addSource(client, root, "shop");

    const design = await client.readResource({
      uri: "openspec://shop/changes/add-dark-mode/design",
    });
    expect(design.contents[0]).toMatchObject({ _meta: { truncated: true, size: 5011 } });
    expect(
      design.contents[0] && "text" in design.contents[0] ? design.contents[0].text.length : 0,
    ).toBeLessThanOrEqual(1024);
    await expect(
      client.readResource({ uri: "openspec://shop/changes/add-dark-mode/tasks" }),
    ).rejects.toMatchObject({
      code: ErrorCode.InternalError,
      message: expect.stringContaining("tasks.md"),
    });
    const overview = await client.readResource({ uri: "openspec://shop/changes/add-dark-mode" });
    expect(overview.contents[0]).toMatchObject({
      text: expect.stringContaining("> not_a_regular_file:"),
    });
  });

  it("GIVEN a source of 260 specs and 60 changes WHEN resources/list is paged THEN every resource comes once, 100 a page, and a forged cursor is invalid params", async () => {
    const { client } = await connect();
    const files: Record<string, string> = {};
    for (let i = 0; i < 260; i++) files[`openspec/specs/cap-${i}/spec.md`] = AUTH_SPEC;
    for (let i = 0; i < 60; i++) {
      files[`openspec/changes/change-${i}/proposal.md`] = "# Change\n\n## Why\n\nBecause.\n";
    }
    await addSource(client, makeOpenSpecRepository(files), "big");

    const pages: number[] = [];
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      pages.push(page.resources.length);
      uris.push(...page.resources.map((resource) => resource.uri));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(pages).toEqual([100, 100, 100, 20]);
    expect(new Set(uris).size).toBe(320);
    expect(uris).toContain("openspec://big/specs/cap-259");
    expect(uris).toContain("openspec://big/changes/change-59");

    for (const forged of ["nope", Buffer.from("after:file:///").toString("base64url"), "!!"]) {
      await expect(
        client.request(
          { method: "resources/list", params: { cursor: forged } },
          ListResourcesResultSchema,
        ),
      ).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    }
  });
});
