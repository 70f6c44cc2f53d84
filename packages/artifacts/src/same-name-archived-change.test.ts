import { createHash } from "node:crypto";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { changeToken } from "./artifact-token.js";
import { resolveContext, type SourceResolver } from "./resolve-context.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const source =
  (root: string): SourceResolver =>
  (name) => ({ ok: true, name, path: root });
const archiveToken = (name: string) =>
  `os_${createHash("sha256").update(`archive/${name}`).digest("hex").slice(0, 6)}`;

const TWINS = {
  "openspec/changes/add-search/proposal.md": "# Active\n",
  "openspec/changes/archive/add-search/proposal.md": "# Archived\n",
  "openspec/changes/archive/2024-01-01-old/proposal.md": "# Old\n",
};

describe("an active change and an archived one of the same name cannot both be reached", () => {
  it("GIVEN changes/add-search and changes/archive/add-search WHEN the source is listed THEN the active one keeps its token and the archived one is hashed over archive/<name>", () => {
    const { root } = makeRepository(TWINS);
    const bare = resolveContext("shop", source(root));
    expect(bare).toMatchObject({
      changes: [{ name: "add-search", token: changeToken("add-search") }],
      archived_changes: [
        { name: "2024-01-01-old", token: changeToken("2024-01-01-old") },
        { name: "add-search", token: archiveToken("add-search") },
      ],
    });
    expect(archiveToken("add-search")).not.toBe(changeToken("add-search"));
  });

  it("GIVEN the twins WHEN each is resolved by its token THEN each answers with its own proposal", () => {
    const { root } = makeRepository(TWINS);
    expect(resolveContext(`shop/${changeToken("add-search")}`, source(root))).toMatchObject({
      change: { name: "add-search", archived: false, proposal: "# Active\n" },
    });
    expect(resolveContext(`shop/${archiveToken("add-search")}`, source(root))).toMatchObject({
      change: {
        name: "add-search",
        archived: true,
        token: archiveToken("add-search"),
        proposal: "# Archived\n",
      },
    });
  });

  it("GIVEN the twins WHEN the archived one is named archive/<name> THEN it resolves, and the bare name lists both with tokens that tell them apart", () => {
    const { root } = makeRepository(TWINS);
    expect(resolveContext("shop/archive/add-search", source(root))).toMatchObject({
      change: { archived: true, proposal: "# Archived\n" },
    });
    expect(resolveContext("shop/archive/2024-01-01-old", source(root))).toMatchObject({
      change: { name: "2024-01-01-old", archived: true },
    });
    expect(resolveContext("shop/add-search", source(root))).toMatchObject({
      ok: false,
      code: "ambiguous_artifact",
      candidates: [
        { kind: "change", name: "add-search", token: changeToken("add-search") },
        {
          kind: "change",
          name: "add-search",
          token: archiveToken("add-search"),
          archived: true,
          identifier: `shop/${archiveToken("add-search")}`,
        },
      ],
    });
  });

  it("GIVEN an archived change whose active twin is removed WHEN listed again THEN it gets its folder-name token back", () => {
    const { root } = makeRepository({ "openspec/changes/archive/add-search/proposal.md": "# A\n" });
    expect(resolveContext("shop", source(root))).toMatchObject({
      archived_changes: [{ name: "add-search", token: changeToken("add-search") }],
    });
  });
});
