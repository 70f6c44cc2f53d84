import { makeOpenSpecRepository, removeTemporaryFolders, runRealOpenSpec } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { changeToken } from "./artifact-token.js";
import { resolveContext, type SourceResolver } from "./resolve-context.js";

afterEach(removeTemporaryFolders);

const source =
  (root: string): SourceResolver =>
  (name) => ({ ok: true, name, path: root });

describe("a change scaffolded by openspec new change is visible to openspec_context", () => {
  it("GIVEN `openspec new change add-export` (only .openspec.yaml) WHEN the source is listed THEN the change is there, marked scaffolded", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-search/proposal.md": "# Search\n",
      "openspec/changes/notes/README.md":
        "Neither file: a change all the same, as the CLI lists it.\n",
    });
    const created = await runRealOpenSpec(root, ["new", "change", "add-export"]);
    expect(created.status, created.stderr).toBe(0);

    const bare = resolveContext("shop", source(root));
    expect(bare).toMatchObject({
      changes: [
        { name: "add-export", token: changeToken("add-export"), tasks: null, scaffolded: true },
        { name: "add-search", token: changeToken("add-search") },
        { name: "notes", token: changeToken("notes"), tasks: null, scaffolded: true },
      ],
      totals: { changes: 3 },
    });
    const listed = "changes" in bare ? bare.changes : [];
    expect(listed[1]).not.toHaveProperty("scaffolded");
  });

  it("GIVEN a scaffolded change WHEN it is resolved by name and by token THEN proposal is null and scaffolded is true", async () => {
    const root = makeOpenSpecRepository();
    expect((await runRealOpenSpec(root, ["new", "change", "add-export"])).status).toBe(0);
    for (const reference of ["add-export", changeToken("add-export")]) {
      expect(resolveContext(`shop/${reference}`, source(root))).toMatchObject({
        ok: true,
        change: { name: "add-export", archived: false, scaffolded: true, proposal: null },
      });
    }
  });
});
