import {
  CHECKOUT_SPEC_INPUT,
  makeOpenSpecRepository,
  type PostgresServer,
  startPostgresServer,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

describe("the catalog with its registry on a PostgreSQL server (OPENSPEC_AGENT_DB=postgres://…)", () => {
  let postgres: PostgresServer | undefined;
  afterEach(() => postgres?.remove());

  it("GIVEN two catalogs on one database WHEN one adds a source and the other writes into it by name THEN both see the same registry, and a stopped server is a registry_unreachable failure with a fix", async () => {
    postgres = startPostgresServer();
    const url = postgres.createDatabase();
    const first = makeCatalog({ cli: false, env: { OPENSPEC_AGENT_DB: url } }).catalog;
    const second = makeCatalog({ cli: false, env: { OPENSPEC_AGENT_DB: url } }).catalog;
    const repository = makeOpenSpecRepository({}, "billing-service");

    const added = await first.call("openspec_source_add", { path: repository, name: "billing" });
    const listed = await second.call("openspec_source_list", {});
    const created = await second.call("openspec_spec_create", {
      source: "Billing",
      ...CHECKOUT_SPEC_INPUT,
    });
    postgres.stop();
    const down = await first.call("openspec_source_list", {});
    postgres.start();
    const back = await first.call("openspec_source_list", {});

    expect(added).toMatchObject({ ok: true, source: { name: "billing", path: repository } });
    expect(listed).toMatchObject({ ok: true, total: 1, sources: [{ name: "billing" }] });
    expect(created).toMatchObject({ ok: true });
    expect(down).toMatchObject({ ok: false, code: "registry_unreachable" });
    expect(String(down.fix)).toMatch(/Start the PostgreSQL server/);
    expect(back).toMatchObject({ ok: true, total: 1 });
  });
});
