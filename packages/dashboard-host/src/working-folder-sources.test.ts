import { createCatalog } from "@org/openspec-core";
import { isolatedEnvironment, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { callTool } from "./call-tool.js";
import { type RunningDashboard, startDashboard } from "./start-dashboard.js";

const running: RunningDashboard[] = [];
afterEach(async () => {
  for (const dashboard of running.splice(0)) await dashboard.close();
  removeTemporaryFolders();
});

const CART = {
  "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy several things.\n",
};

async function serve(workdir: string, env: Record<string, string | undefined>) {
  const dashboard = await startDashboard({ port: 0, env, workdir });
  running.push(dashboard);
  return (path: string) => fetch(`http://127.0.0.1:${dashboard.port}${path}`).then((r) => r.text());
}

describe("GIVEN the folder the server started in and a registered source share a name", () => {
  it("WHEN the sources page and boards are asked for THEN both are listed under their tokens, each board shows its own folder, and the bare name is refused as ambiguous", async () => {
    const { env } = isolatedEnvironment();
    const here = makeOpenSpecRepository(CART, "shop");
    const other = makeOpenSpecRepository(
      { "openspec/changes/other-work/proposal.md": "# Other\n\n## Why\n\nElsewhere.\n" },
      "shop",
    );
    const catalog = createCatalog({ env });
    const added = await callTool(catalog, "openspec_source_add", { path: other });
    catalog.close();
    const registeredToken = added.ok ? added.source.token : "";
    const get = await serve(here, env);

    const sources = await get("/sources");
    const links = [...sources.matchAll(/<td><a href="\/s\/([^"]+)">shop<\/a>/g)].map((m) => m[1]);
    expect(links).toHaveLength(2);
    expect(links).toContain(registeredToken);
    const processToken = links.find((token) => token !== registeredToken) ?? "";
    expect(processToken).toMatch(/^os_[0-9a-f]{8}$/);

    expect(await get(`/s/${processToken}`)).toContain("add-cart");
    expect(await get(`/s/${processToken}`)).not.toContain("other-work");
    expect(await get(`/s/${registeredToken}`)).toContain("other-work");
    expect(await get("/s/shop")).toContain("ambiguous_source");
  });

  it("WHEN the working folder is the registered one THEN it is listed once, as registered", async () => {
    const { env } = isolatedEnvironment();
    const here = makeOpenSpecRepository(CART, "shop");
    const catalog = createCatalog({ env });
    await catalog.call("openspec_source_add", { path: here, name: "my-shop" });
    catalog.close();
    const get = await serve(here, env);
    const sources = await get("/sources");
    expect(sources.match(/<tr[ >]/g)).toHaveLength(2); // the header row and one source
    expect(sources).toContain('href="/s/my-shop"');
    expect(sources).not.toContain("not registered");
  });
});
