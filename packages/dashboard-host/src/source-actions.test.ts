import { createCatalog } from "@org/openspec-core";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool } from "./call-tool.js";
import { type Sandbox, startSandbox } from "./test-support/dashboard-sandbox.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
  removeTemporaryFolders();
});

async function post(path: string, fields: Record<string, string>): Promise<Response> {
  const page = await (await fetch(`${sandbox.base}/sources`)).text();
  const csrf = /<meta name="csrf" content="([^"]+)">/.exec(page)?.[1] ?? "";
  return fetch(`${sandbox.base}${path}`, {
    method: "POST",
    headers: { origin: sandbox.base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, ...fields }),
    redirect: "manual",
  });
}

/** The registry as a second process would read it: through a catalog of its own. */
async function registered() {
  const catalog = createCatalog({ registryPath: sandbox.registryPath, env: {} });
  try {
    return await callTool(catalog, "openspec_source_list", {});
  } finally {
    catalog.close();
  }
}

describe("GIVEN the sources page", () => {
  it("WHEN a folder is registered from the page THEN the registry has it and the page lists it with its counts", async () => {
    const other = makeOpenSpecRepository({}, "billing");
    const response = await post("/sources", { path: other, name: "billing" });
    expect(response.status).toBe(303);
    const list = await registered();
    expect(list.ok && list.sources.map((source) => source.display_name)).toEqual([
      "shop",
      "billing",
    ]);
    const page = await (await fetch(`${sandbox.base}/sources`)).text();
    expect(page).toContain('href="/s/billing"');
    expect(page).toContain(other);
  });

  it("WHEN a relative path is registered THEN the catalog's failure and fix are shown and nothing is added", async () => {
    const response = await post("/sources", { path: "relative/folder" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Fix:");
    const list = await registered();
    expect(list.ok && list.total).toBe(2);
  });

  it("WHEN a source is renamed THEN its new name is used and the token stays", async () => {
    const before = await registered();
    const token = before.ok
      ? before.sources.find((s) => s.display_name === "billing")?.token
      : undefined;
    const response = await post(`/s/${token}/rename`, { name: "invoices" });
    expect(response.status).toBe(303);
    const after = await registered();
    expect(after.ok && after.sources.find((s) => s.token === token)?.display_name).toBe("invoices");
  });

  it("WHEN validation is run on demand THEN the page shows the CLI's verdict", async () => {
    const page = await (await fetch(`${sandbox.base}/s/shop/validate?run=1`)).text();
    expect(page).toMatch(/<strong>Valid\.<\/strong>|class="notice error" role="alert"/);
    const idle = await (await fetch(`${sandbox.base}/s/shop/validate`)).text();
    expect(idle).toContain("Run validation");
  });
});
