import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { changeToken, specToken } from "./artifact-token.js";
import { changeNameOf } from "./change-name-of.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const PROPOSAL = "# x\n\n## Why\n\nBecause the work needs doing.\n\n## What Changes\n\n- Do it.\n";

describe("changeNameOf", () => {
  it("GIVEN a change's name, its token, or an archived change's token WHEN looked up THEN each gives the folder name, saying which is archived", () => {
    const { repository } = makeRepository({
      "openspec/changes/add-search/proposal.md": PROPOSAL,
      "openspec/changes/archive/2026-11-30-warm-up/proposal.md": PROPOSAL,
    });
    expect(changeNameOf(repository, "add-search")).toEqual({
      ok: true,
      name: "add-search",
      archived: false,
    });
    expect(changeNameOf(repository, changeToken("add-search"))).toEqual({
      ok: true,
      name: "add-search",
      archived: false,
    });
    expect(changeNameOf(repository, changeToken("2026-11-30-warm-up"))).toEqual({
      ok: true,
      name: "2026-11-30-warm-up",
      archived: true,
    });
  });

  it("GIVEN a spec's token or a token of nothing WHEN looked up as a change THEN change_not_found says what it names", () => {
    const { repository } = makeRepository({
      "openspec/changes/add-search/proposal.md": PROPOSAL,
      "openspec/specs/search/spec.md":
        "# Search\n\n## Purpose\nFind things.\n\n## Requirements\n\n### Requirement: Find\nThe system SHALL find.\n\n#### Scenario: Found\n- **WHEN** asked\n- **THEN** found\n",
    });
    expect(changeNameOf(repository, specToken("search/spec.md"))).toMatchObject({
      ok: false,
      code: "change_not_found",
      error: `The token "${specToken("search/spec.md")}" names the spec "search", not a change.`,
    });
    expect(changeNameOf(repository, "os_000000")).toMatchObject({
      ok: false,
      code: "change_not_found",
    });
  });
});
