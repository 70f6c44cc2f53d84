import { rmSync } from "node:fs";
import { join } from "node:path";
import { copyOfStoresMadeByTheCli } from "@org/test-kit";
import type { ContractCase } from "./contract-case.js";
import type { Sandbox } from "./sandbox.js";

const storeFolder = (sandbox: Sandbox, id: string) => join(sandbox.home, "stores", id);

/**
 * The OpenSpec stores of the sandbox's home, made with the real CLI: handbook;
 * collide, whose id is the vanity name an earlier case gave the collide repository; team-docs,
 * registered as a source before the import; gone, whose folder is deleted.
 */
function makeStores(sandbox: Sandbox): void {
  copyOfStoresMadeByTheCli(
    sandbox.env,
    ["handbook", "collide", "team-docs", "gone"],
    join(sandbox.home, "stores"),
  );
  rmSync(storeFolder(sandbox, "gone"), { recursive: true });
}

/** openspec_source_import: dry run, a source in the way, import, import again, unknown and hostile ids. */
export const storeImportCases: ContractCase[] = [
  {
    name: "stores: a dry run reports what would be added and registers nothing",
    tool: "openspec_source_import",
    prepare: makeStores,
    args: () => ({ dry_run: true }),
    expect: {
      ok: true,
      dry_run: true,
      listed: 4,
      added: [
        { store: "collide", name: "collide-store", token: null },
        { store: "handbook", name: "handbook", token: null },
        { store: "team-docs", name: "team-docs", token: null },
      ],
      skipped: [{ store: "gone", reason: "path_missing", source: null }],
    },
  },
  {
    name: "stores: register one store's folder by hand first",
    tool: "openspec_source_add",
    args: (s) => ({ path: storeFolder(s, "team-docs"), name: "docs" }),
    expect: { ok: true, source: { name: "docs", has_openspec: true } },
  },
  {
    name: "stores: import registers each store under its id, collide as collide-store, and skips the registered and the missing folder",
    tool: "openspec_source_import",
    args: () => ({}),
    expect: {
      ok: true,
      dry_run: false,
      added: [
        { store: "collide", name: "collide-store" },
        { store: "handbook", name: "handbook" },
      ],
      skipped: [
        { store: "gone", reason: "path_missing" },
        { store: "team-docs", reason: "already_registered", source: { display_name: "docs" } },
      ],
    },
  },
  {
    name: "stores: a second import adds nothing",
    tool: "openspec_source_import",
    args: () => ({}),
    expect: {
      ok: true,
      added: [],
      skipped: [
        {
          store: "collide",
          reason: "already_registered",
          source: { display_name: "collide-store" },
        },
        { store: "gone", reason: "path_missing" },
        { store: "handbook", reason: "already_registered" },
        { store: "team-docs", reason: "already_registered" },
      ],
    },
  },
  {
    name: "stores: an id no store has is skipped as unknown_store",
    tool: "openspec_source_import",
    args: () => ({ stores: ["nope"], dry_run: true }),
    expect: {
      ok: true,
      added: [],
      skipped: [
        {
          store: "nope",
          path: null,
          reason: "unknown_store",
          // Agents get the OpenSpec CLI's own command; every host words it so.
          detail:
            "No OpenSpec store has the id nope; openspec store list shows the ones there are.",
        },
      ],
    },
  },
  {
    name: "stores: a store id that is a path is refused",
    tool: "openspec_source_import",
    args: () => ({ stores: ["../collide"] }),
    expect: { ok: false, code: "invalid_input" },
  },
];
