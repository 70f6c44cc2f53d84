import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { type Catalog, createCatalog } from "@org/openspec-core";
import { AUTH_SPEC, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "./test-support/eventually.js";
import { useHttpServers } from "./test-support/http-harness.js";
import { closeInMemorySessions, openInMemorySession } from "./test-support/in-memory-session.js";
import { serverEnvironment } from "./test-support/sandbox.js";

const startServer = useHttpServers();

afterEach(async () => {
  await closeInMemorySessions();
  removeTemporaryFolders();
});

/** The catalog, counting the repository listings (`openspec_context` on a bare source). */
function countListings(real: Catalog) {
  let listings = 0;
  const catalog: Catalog = {
    ...real,
    call: (name, args) => {
      const { identifier, offset } =
        (args as { identifier?: unknown; offset?: unknown } | undefined) ?? {};
      // A reading of the repository starts with its first page of the overview.
      if (
        name === "openspec_context" &&
        typeof identifier === "string" &&
        !identifier.includes("/") &&
        (offset === undefined || offset === 0)
      ) {
        listings++;
      }
      return real.call(name, args);
    },
  };
  return { catalog, listings: () => listings };
}

/** A server whose catalog counts the repository listings. */
async function connect(root: string) {
  const { home, env } = serverEnvironment();
  const real = createCatalog({ env, home });
  const { catalog, listings } = countListings(real);
  expect(await real.call("openspec_source_add", { path: root, name: "big" })).toMatchObject({
    ok: true,
  });
  let listChanged = 0;
  const { client } = await openInMemorySession(catalog, (client) => {
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      listChanged++;
    });
  });
  return {
    client,
    listings,
    listChanged: () => listChanged,
    close: () => real.close(),
  };
}

async function pageAll(
  client: Pick<Client, "listResources"> | Pick<ModernClient, "listResources">,
  from?: string,
): Promise<string[]> {
  const uris: string[] = [];
  let cursor = from;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    uris.push(...page.resources.map((resource) => resource.uri));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return uris;
}

function bigRepository(): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < 350; i++)
    files[`openspec/specs/cap-${String(i).padStart(3, "0")}/spec.md`] = AUTH_SPEC;
  return makeOpenSpecRepository(files);
}

describe("paging resources/list", () => {
  it("GIVEN a watched, unchanged repository WHEN a client pages through it again THEN the pages after the first reuse its reading of the repository", async () => {
    const { client, listings } = await connect(bigRepository());
    await pageAll(client);
    await pageAll(client);
    const before = listings();
    expect(await pageAll(client)).toHaveLength(350);
    // One for the first page; a second only if the watcher's own check after it started
    // happens to run meanwhile. Collected once a page, four pages would read it four times.
    expect(listings() - before).toBeLessThanOrEqual(2);
  });

  it("GIVEN a client half way through the pages WHEN a spec is added after its cursor THEN the rest of the pages hold it and nothing twice", async () => {
    const root = bigRepository();
    const { client, listChanged } = await connect(root);
    await pageAll(client);
    const first = await client.listResources();
    expect(first.nextCursor).toBeDefined();
    mkdirSync(join(root, "openspec/specs/zz-late"), { recursive: true });
    writeFileSync(join(root, "openspec/specs/zz-late/spec.md"), AUTH_SPEC);
    await eventually(() => listChanged() > 0, "list_changed");
    const rest = await pageAll(client, first.nextCursor);
    const all = [...first.resources.map((resource) => resource.uri), ...rest];
    expect(all).toHaveLength(351);
    expect(new Set(all).size).toBe(351);
    expect(all.at(-1)).toBe("openspec://big/specs/zz-late");
  });
});

describe("paging resources/list at the 2026-07-28 revision (no session)", () => {
  it("GIVEN a repository of 350 specs over HTTP WHEN a 2026-07-28 client pages through it again THEN the pages do not read the repository again, and the pages are those a 2025 client gets", async () => {
    let counted: ReturnType<typeof countListings> | undefined;
    const http = await startServer({
      noAuth: true,
      wrapCatalog: (real) => {
        counted = countListings(real);
        return counted.catalog;
      },
    });
    expect(
      await http.server.catalog.call("openspec_source_add", { path: bigRepository(), name: "big" }),
    ).toMatchObject({ ok: true });
    const modern = new ModernClient(
      { name: "paging-test", version: "0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await modern.connect(new ModernTransport(new URL(http.server.url)));
    try {
      const listings = () => counted?.listings() ?? 0;
      const first = await pageAll(modern);
      expect(first).toHaveLength(350);
      // The watch of the folder may still be walking during the first pass: the second waits for nothing.
      await pageAll(modern);
      const before = listings();
      expect(await pageAll(modern)).toEqual(first);
      // None, unless the folder's watch ends its walk only now. Collected a page at a
      // time, the four pages would read the repository four times.
      expect(listings() - before).toBeLessThanOrEqual(1);
      expect(await pageAll(await http.connect())).toEqual(first);
    } finally {
      await modern.close();
    }
  });
});
