import { existsSync } from "node:fs";
import { join } from "node:path";
import { findConfinement } from "@org/openspec-cli-runner";
import { copyOfStoresMadeByTheCli, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";

afterEach(cleanUp);

const STORE_SPEC = `# Team
## Purpose
Shared by the team.

## Requirements
### Requirement: Shared
The team SHALL share it.

#### Scenario: Read
- **WHEN** read
- **THEN** shared
`;

/** A source whose openspec/ holds only a config pointing at store `team`, registered in the catalog's data folder. */
function pointerWorld(catalogOptions: Record<string, unknown>) {
  const made = makeCatalog({ catalog: catalogOptions });
  const store = copyOfStoresMadeByTheCli(made.env, ["team"], temporaryFolder("stores-"))
    .team as string;
  writeFiles(store, { "openspec/specs/team-spec/spec.md": STORE_SPEC });
  const source = join(temporaryFolder("repos-"), "pointer");
  writeFiles(source, { "openspec/config.yaml": "schema: spec-driven\nstore: team\n" });
  return { ...made, source, store };
}

describe("settings of confinement and stores", () => {
  it("GIVEN OPENSPEC_AGENT_CONFINE or OPENSPEC_AGENT_ALLOW_STORES set to a value they do not take WHEN any tool is called THEN invalid_setting names the setting and its values", async () => {
    const confine = makeCatalog({ env: { OPENSPEC_AGENT_CONFINE: "sometimes" } }).catalog;
    const stores = makeCatalog({ env: { OPENSPEC_AGENT_ALLOW_STORES: "shop,,pay" } }).catalog;
    expect(await confine.call("openspec_source_list", {})).toMatchObject({
      ok: false,
      code: "invalid_setting",
      error: expect.stringContaining("OPENSPEC_AGENT_CONFINE"),
    });
    expect(await stores.call("openspec_source_list", {})).toMatchObject({
      ok: false,
      code: "invalid_setting",
      error: expect.stringContaining("OPENSPEC_AGENT_ALLOW_STORES"),
    });
  });
});

describe.skipIf(!findConfinement().ok)("stores reached by a confined CLI", () => {
  it("GIVEN stores allowed for every source WHEN a source whose config points at a store shows the store's spec THEN the confined CLI reads it there", async () => {
    const { catalog, source } = pointerWorld({ allowStores: "all" });
    const shown = await catalog.call("openspec_show", { workdir: source, target: "team-spec" });
    expect(shown).toMatchObject({ ok: true });
    expect(JSON.stringify(shown)).toContain("Shared by the team");
  });

  it("GIVEN stores allowed only for another source WHEN the pointer is followed THEN store_not_allowed says why in one sentence, and with the source named it is read", async () => {
    const { catalog, source } = pointerWorld({ allowStores: "billing" });
    await catalog.call("openspec_source_add", { path: source, name: "pointer" });
    const refused = await catalog.call("openspec_show", { source: "pointer", target: "team-spec" });
    expect(refused).toMatchObject({
      ok: false,
      code: "store_not_allowed",
      fix: expect.stringContaining("OPENSPEC_AGENT_ALLOW_STORES"),
    });
    expect(String(refused.error)).toMatch(/^[^\n]+\.$/);

    const named = pointerWorld({ allowStores: "billing, Pointer" });
    await named.catalog.call("openspec_source_add", { path: named.source, name: "pointer" });
    const read = await named.catalog.call("openspec_show", {
      source: "pointer",
      target: "team-spec",
    });
    expect(read).toMatchObject({ ok: true });
  });

  it("GIVEN stores allowed WHEN a new change is made through the pointer THEN it is written into the store, which a writing run sees writable", async () => {
    const { catalog, source, store } = pointerWorld({ allowStores: "all" });
    const created = await catalog.call("openspec_cli", {
      workdir: source,
      args: ["new", "change", "shared-change"],
    });
    expect(created).toMatchObject({ ok: true });
    const listed = await catalog.call("openspec_cli", {
      workdir: source,
      args: ["list", "--json"],
    });
    expect(JSON.stringify(listed)).toContain("shared-change");
    expect(existsSync(join(store, "openspec", "changes", "shared-change"))).toBe(true);
    expect(existsSync(join(source, "openspec", "changes"))).toBe(false);
  });
});
